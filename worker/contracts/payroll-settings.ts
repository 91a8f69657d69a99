import { z } from "zod";
import { isSafeText, unsafeTextMessage } from "./text";

// The account's payroll settings (docs/payroll-exports.md, "Pay codes per format"): what each payroll
// product calls each pay element, and whether rolled-up holiday pay is paid. Clocked's own CSV keeps the
// location's `pay_codes` (worker/contracts/pay.ts); the four vendor formats take theirs from here.

/** What a payroll file pays: the paid pay elements, and rolled-up holiday pay when the account pays it. */
export const EXPORT_ELEMENTS = ["basic", "overtime", "premium", "rolled_up_holiday"] as const;
export type ExportElement = (typeof EXPORT_ELEMENTS)[number];

export const EXPORT_ELEMENT_NAMES: Record<ExportElement, string> = {
  basic: "basic hours",
  overtime: "overtime",
  premium: "premium-day hours",
  rolled_up_holiday: "rolled-up holiday pay",
};

/** The formats with a mapping of their own (the Clocked CSV writes the location's pay codes). */
export const MAPPED_FORMATS = ["brightpay", "sage50", "xero", "staffology"] as const;
export type MappedFormat = (typeof MAPPED_FORMATS)[number];

export const MAPPED_FORMAT_NAMES: Record<MappedFormat, string> = {
  brightpay: "BrightPay",
  sage50: "Sage 50 Payroll",
  xero: "Xero",
  staffology: "Staffology",
};

/** BrightPay: hours in the multiplier's column of the first payment, or a payment of their own. */
export const BRIGHTPAY_PLACES = ["column", "payment"] as const;
export type BrightPayPlace = (typeof BRIGHTPAY_PLACES)[number];

export type FormatCodes = Record<ExportElement, string>;
export type PayrollCodes = Record<MappedFormat, FormatCodes>;

/** Sage 50 documents no upper bound on its payment numbers ("an unlimited number of payment types"). */
export const SAGE_PAYMENT_MAX = 9999;

/**
 * What a new account starts with. BrightPay's and Sage's need nothing renamed: BrightPay's are places in
 * its own layout, Sage's are the numbers of the first four payments a company sets up. Xero's and
 * Staffology's are names to create (or rename) in the product once: neither documents a default.
 */
export const DEFAULT_PAYROLL_CODES: PayrollCodes = {
  brightpay: { basic: "column", overtime: "column", premium: "column", rolled_up_holiday: "payment" },
  sage50: { basic: "1", overtime: "2", premium: "3", rolled_up_holiday: "4" },
  xero: {
    basic: "Ordinary Hours",
    overtime: "Overtime Hours",
    premium: "Premium Hours",
    rolled_up_holiday: "Rolled-up Holiday Pay",
  },
  staffology: { basic: "BASIC", overtime: "OVERTIME", premium: "PREMIUM", rolled_up_holiday: "ROLLEDUPHOL" },
};

/** Why one element's code cannot be imported by the format, naming both; or null. */
export function payrollCodeProblem(
  format: MappedFormat,
  element: ExportElement,
  code: string,
): string | null {
  const what = `${MAPPED_FORMAT_NAMES[format]}'s code for ${EXPORT_ELEMENT_NAMES[element]}`;
  switch (format) {
    case "sage50":
      return /^[1-9]\d{0,3}$/.test(code)
        ? null
        : `${what} must be a Sage payment number, a whole number from 1 to ${SAGE_PAYMENT_MAX}: "${code}" is not`;
    case "brightpay":
      if (element === "basic") return code === "column" ? null : `${what} must be "column": normal hours`;
      return (BRIGHTPAY_PLACES as readonly string[]).includes(code)
        ? null
        : `${what} must be "column" or "payment"`;
    case "xero":
    case "staffology": {
      const max = format === "xero" ? 100 : 40;
      if (code.trim() === "" || code !== code.trim())
        return `${what} cannot be empty or start or end with a space`;
      if (code.length > max) return `${what} must be at most ${max} characters`;
      return isSafeText(code) ? null : unsafeTextMessage(what);
    }
  }
}

/** The first problem of a format's whole mapping, or null. */
export function formatCodesProblem(format: MappedFormat, codes: FormatCodes): string | null {
  for (const element of EXPORT_ELEMENTS) {
    const problem = payrollCodeProblem(format, element, codes[element]);
    if (problem) return problem;
  }
  return null;
}

export type PayrollSettings = {
  /** Rolled-up holiday pay (12.07% of pay) for irregular-hours and part-year workers in Great Britain. */
  rolled_up_holiday_pay: boolean;
  codes: PayrollCodes;
};
export type PayrollSettingsResponse = { payroll_settings: PayrollSettings };

const code = z
  .string({ error: "A pay code must be text" })
  .max(100, "A pay code must be at most 100 characters");
const formatCodes = z.strictObject({
  basic: code,
  overtime: code,
  premium: code,
  rolled_up_holiday: code,
});

/** Each field optional: what is left out keeps its saved value. */
export const payrollSettingsRequest = z
  .strictObject({
    rolled_up_holiday_pay: z.boolean({ error: "rolled_up_holiday_pay must be true or false" }).optional(),
    codes: z
      .strictObject({
        brightpay: formatCodes.optional(),
        sage50: formatCodes.optional(),
        xero: formatCodes.optional(),
        staffology: formatCodes.optional(),
      })
      .optional(),
  })
  .superRefine((body, ctx) => {
    for (const format of MAPPED_FORMATS) {
      const codes = body.codes?.[format];
      const problem = codes && formatCodesProblem(format, codes);
      if (problem) ctx.addIssue({ code: "custom", message: problem, path: ["codes", format] });
    }
  });
export type PayrollSettingsRequest = z.infer<typeof payrollSettingsRequest>;
