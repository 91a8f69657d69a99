import { expect, it } from "vitest";
import type { EvidencePack } from "../../worker/contracts/compliance";
import { renderEvidencePdf } from "../../worker/services/evidence-pdf";

// The PDF library bundled and run in workerd, as the Worker runs it. tests/node/evidence-pdf.test.ts reads a
// full pack's PDF back under Node.

const pack: EvidencePack = {
  business_name: "Hollybush Coffee Ltd",
  location_name: "Hollybush Café, Hebden Bridge",
  time_zone: "Europe/London",
  from: "02/03/2026",
  to: "08/03/2026",
  generated_at: "09/03/2026 09:12",
  not_checked: [],
  employees: [
    {
      name: "Łukasz Wiśniewski 🙂",
      payroll_id: "HB-0057",
      young_worker: "",
      opt_out: "No opt-out",
      shifts: [
        {
          date: "03/03/2026",
          check_in: "08:56",
          check_out: "17:05",
          breaks: "13:00–13:30",
          worked: "7h 39m",
          rest_before: "",
          source: "Kiosk",
          reason: "",
        },
      ],
      weeks: [{ week_start: "02/03/2026", worked: "7h 39m", average: "22h 4m" }],
      breaches: [],
    },
  ],
};

it("renders in the Worker runtime", async () => {
  const bytes = await renderEvidencePdf(pack);
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  expect(bytes.byteLength).toBeGreaterThan(1000);
});
