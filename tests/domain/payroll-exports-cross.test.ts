import { describe, expect, it } from "vitest";
import { DEFAULT_PAYROLL_CODES } from "../../worker/contracts/payroll-settings";
import { parseCsv } from "../../worker/domain/csv";
import { DEFAULT_OVERTIME_RULES, payElements } from "../../worker/domain/pay-elements";
import { type PayrollExportInput, payrollExport } from "../../worker/domain/payroll-exports";
import { amountOf } from "../../worker/domain/payroll-lines";
import { addDays } from "../../worker/domain/time-zone";
import { PAYROLL_FIXTURE } from "./payroll-exports.fixture";

// One pay period in all five files: each file read back the way its payroll would read it (hours × the
// rate it is given, or the amount it is given) must come to the same hours and the same gross per employee.
// Layouts: docs/payroll-exports.md.

type Totals = Record<string, { hundredths: number; grossPence: number }>;

const pence = (pounds: string) => Math.round(Number(pounds) * 100);
const hundredths = (hours: string) => Math.round(Number(hours) * 100);

function totalsOf(format: string, input: PayrollExportInput): Totals {
  const rows = parseCsv(payrollExport(format as never, input));
  const totals: Totals = {};
  const byName = new Map(input.employees.map((e) => [e.name, e]));
  const byId = new Map(input.employees.map((e) => [e.payrollId, e]));
  const add = (key: string, h: number, p: number) => {
    const t = totals[key] ?? { hundredths: 0, grossPence: 0 };
    totals[key] = { hundredths: t.hundredths + h, grossPence: t.grossPence + p };
  };
  // The rule each element is paid at in the payroll, as its rate or earnings rate is set up there.
  const multiplierOf = (key: string, element: string) =>
    byId.get(key)?.summary.lines.find((l) => l.element === element)?.multiplier ?? 1;
  const rateOf = (key: string) => byId.get(key)?.hourlyRatePence ?? 0;
  switch (format) {
    case "csv":
      for (const r of rows.slice(1)) {
        const [id = "", , , , element = "", , hours = "", , amount = ""] = r;
        if (["basic", "overtime", "premium"].includes(element)) add(id, hundredths(hours), pence(amount));
        if (element === "rolled_up_holiday") add(id, 0, pence(amount));
      }
      break;
    case "sage50": {
      const elementOf = Object.fromEntries(
        Object.entries(DEFAULT_PAYROLL_CODES.sage50).map(([k, v]) => [v, k]),
      );
      for (const [, id = "", payment = "", , , hours = "", rate = ""] of rows) {
        const element = elementOf[payment] ?? "";
        if (element === "rolled_up_holiday") add(id, 0, amountOf(hundredths(hours), pence(rate), 1));
        // A blank rate: the payment's factor (× multiplier of the basic payment's rate) in Sage.
        else if (rate === "")
          add(id, hundredths(hours), amountOf(hundredths(hours), rateOf(id), multiplierOf(id, element)));
        else add(id, hundredths(hours), amountOf(hundredths(hours), Number(rate) * 100, 1));
      }
      break;
    }
    case "xero": {
      // Xero multiplies each earnings rate's units by its rate: ×multiplier of the ordinary rate, or £1 a unit.
      const elementOf = Object.fromEntries(
        Object.entries(DEFAULT_PAYROLL_CODES.xero).map(([k, v]) => [v, k]),
      );
      const units = new Map<string, number>();
      for (const [name = "", , hours = "", type = ""] of rows.slice(1)) {
        const key = `${byName.get(name.replace(/^'/, ""))?.payrollId}|${elementOf[type]}`;
        units.set(key, (units.get(key) ?? 0) + hundredths(hours));
      }
      for (const [key, h] of units) {
        const [id = "", element = ""] = key.split("|");
        if (element === "rolled_up_holiday") add(id, 0, h);
        else add(id, h, amountOf(h, rateOf(id), multiplierOf(id, element)));
      }
      break;
    }
    case "staffology":
      for (const [id = "", , amount = "", note = ""] of rows.slice(1)) {
        const hours = /^(\d+\.\d\d) h/.exec(note)?.[1];
        add(id, hours ? hundredths(hours) : 0, pence(amount));
      }
      break;
    case "brightpay": {
      const header = rows[0] ?? [];
      const columnMultiplier: Record<string, number> = {
        "Number of normal hours": 1,
        "Number of time and a half hours": 1.5,
        // BrightPay's own multiplier for the column, not a rounded one.
        "Number of time and a third hours": 4 / 3,
        "Number of double time hours": 2,
      };
      for (const r of rows.slice(1)) {
        const id = r[0] ?? "";
        header.forEach((heading, i) => {
          const m = columnMultiplier[heading];
          // BrightPay pays a column at the employee's rate × its own multiplier, to the penny.
          if (m !== undefined) {
            const h = hundredths(r[i] ?? "0");
            add(id, h, Math.round((h * rateOf(id) * m) / 100));
          }
          const payment = /^Payment (\d+) rate per hour$/.exec(heading);
          if (payment && r[i]) {
            const h = r[i + 1] ?? "0";
            const isHours = r[i - 1] !== "Rolled-up holiday pay";
            add(id, isHours ? hundredths(h) : 0, Math.round((hundredths(h) * Number(r[i]) * 100) / 100));
          }
        });
      }
      break;
    }
  }
  return totals;
}

const FORMATS = ["csv", "sage50", "xero", "staffology", "brightpay"];

describe("one pay period in every payroll file", () => {
  it("gives the same hours and the same gross, rolled-up holiday pay included, in all five formats", () => {
    const csv = totalsOf("csv", PAYROLL_FIXTURE);
    // Zoë: 39.34 + 3.59 + 4.00 hours; £480.34 + £65.75 + £97.68. The second: 5 hours, £57.20 + £6.90.
    expect(csv).toEqual({
      "1042": { hundredths: 46_93, grossPence: 643_77 },
      "7": { hundredths: 5_00, grossPence: 64_10 },
    });
    for (const format of FORMATS) expect(totalsOf(format, PAYROLL_FIXTURE), format).toEqual(csv);
  });

  it("gives the same gross with overtime at ×1.33, which BrightPay's time-and-a-third column would not", () => {
    const input: PayrollExportInput = {
      ...PAYROLL_FIXTURE,
      employees: PAYROLL_FIXTURE.employees.map((e) => ({
        ...e,
        summary: {
          ...e.summary,
          lines: e.summary.lines.map((l) => (l.element === "overtime" ? { ...l, multiplier: 1.33 } : l)),
        },
      })),
    };
    const csv = totalsOf("csv", input);
    for (const format of FORMATS) expect(totalsOf(format, input), format).toEqual(csv);
  });

  it("keep the Xero file's daily hours adding up to the period's: five days of 7 h 20 m are 36.67 h everywhere", () => {
    const days = [0, 1, 2, 3, 4].map((i) => ({
      date: addDays("2026-11-16", i),
      workedMinutes: 440,
      breakMinutes: 0,
    }));
    const input: PayrollExportInput = {
      ...PAYROLL_FIXTURE,
      employees: [
        {
          payrollId: "1",
          name: "Ann Lee",
          hourlyRatePence: 12_21,
          summary: payElements(days, DEFAULT_OVERTIME_RULES, {
            contractedWeeklyMinutes: null,
            hourlyRatePence: 12_21,
          }),
        },
      ],
    };
    const xeroHours = parseCsv(payrollExport("xero", input))
      .slice(1)
      .map((r) => r[2]);
    expect(xeroHours).toEqual(["7.34", "7.33", "7.33", "7.34", "7.33"]);
    for (const format of FORMATS) {
      expect(totalsOf(format, input)["1"], format).toEqual({ hundredths: 36_67, grossPence: 447_74 });
    }
  });
});
