import type { Location } from "@contracts/locations";
import type { SetupChecklistResponse, SetupStep } from "@contracts/setup";

// What each step of the setup checklist says and where it leads (docs/setup-checklist.md).

/** Where a step leads: a dashboard tab, and the part of it to bring into view. */
export type SetupTarget = { tab: "employees" | "hours" | "kiosk-settings"; section?: string };

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Where a step leads: a tab of the dashboard, or the kiosk (in a new tab, which signs this browser out). */
export type StepLink = { label: string; target: SetupTarget } | { label: string; kiosk: true };

type StepText = { title: string; todo: string; done: string; notOnPlan?: string; links: StepLink[] };

export function stepText(step: SetupStep, checklist: SetupChecklistResponse, location: Location): StepText {
  const staff = checklist.active_employees;
  switch (step.id) {
    case "location":
      return { title: "Add your location", todo: "", done: `${location.name} is added.`, links: [] };
    case "staff":
      return {
        title: "Add your staff",
        todo: "Each gets a 4-digit PIN, which they type at the kiosk with their name to clock in and out.",
        done: `${plural(staff, "employee", "employees")} with a PIN.`,
        links: [{ label: "Add employees", target: { tab: "employees", section: ".add-employee" } }],
      };
    case "kiosk":
      return {
        title: "Open the kiosk",
        todo: "Pair the tablet or phone staff will clock in at with a one-time code, so nobody signs in to the dashboard on it; or open the kiosk page there.",
        done: "The kiosk is in use.",
        links: [
          { label: "Pair a tablet", target: { tab: "kiosk-settings", section: ".kiosk-devices" } },
          { label: "Open kiosk ↗", kiosk: true },
        ],
      };
    case "rules":
      return {
        title: "Set breaks and pay rules",
        todo: "Check the break rule (a 30-minute break is deducted on days worked over 6 hours unless you change it), then save your pay schedule.",
        done: "Breaks and pay rules are set.",
        notOnPlan: "Break settings, pay schedules and overtime are part of Pro and Business.",
        links: [{ label: "Go to Hours", target: { tab: "hours", section: ".pay-schedule" } }],
      };
    case "payroll_ids":
      return {
        title: "Add payroll IDs",
        todo:
          staff === 0
            ? "Give each employee their payroll ID (works number), so payroll exports match them."
            : `Give each employee their payroll ID (works number) under Pay, so payroll exports match them: ${plural(checklist.missing_payroll_ids, "employee has", "employees have")} none.`,
        done: "Every active employee has a payroll ID.",
        notOnPlan: "Payroll IDs and payroll exports are part of Pro and Business.",
        links: [{ label: "Go to Employees", target: { tab: "employees", section: ".employee-table" } }],
      };
  }
}
