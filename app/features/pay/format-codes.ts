import type { PayrollFormat } from "@contracts/pay";
import {
  EXPORT_ELEMENT_NAMES,
  EXPORT_ELEMENTS,
  type ExportElement,
  type PayrollSettings,
} from "@contracts/payroll-settings";

// How a format's codes read beside it (docs/payroll-exports.md, "Pay codes per format").

const BRIGHTPAY_WORDS: Record<string, string> = { column: "its column", payment: "a payment of its own" };

/** One element's code as the manager reads it: BrightPay's places in words, the others as they are. */
export const codeText = (format: PayrollFormat, element: ExportElement, settings: PayrollSettings) => {
  if (format === "csv") return "";
  const code = settings.codes[format][element];
  if (format !== "brightpay") return code;
  return element === "basic" ? "normal hours" : (BRIGHTPAY_WORDS[code] ?? code);
};

/** "basic hours 1, overtime 2, premium-day hours 3": the codes a format's file is written with. */
export function codesSummary(format: PayrollFormat, settings: PayrollSettings): string {
  if (format === "csv") return "The location's pay codes (Hours → Overtime and pay codes).";
  const elements = EXPORT_ELEMENTS.filter((e) => e !== "rolled_up_holiday" || settings.rolled_up_holiday_pay);
  return elements.map((e) => `${EXPORT_ELEMENT_NAMES[e]}: ${codeText(format, e, settings)}`).join(" · ");
}
