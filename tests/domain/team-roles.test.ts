import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";
import { can, inScope, PERMISSIONS, ROLES, visibleTo } from "../../worker/domain/team-roles";

// The roles are data (worker/domain/team-roles.ts); the README's table is that data written out.

const COLUMNS = [
  { title: "Owner", role: "owner", mayApprovePay: true },
  { title: "Admin", role: "admin", mayApprovePay: false },
  { title: "Location manager", role: "location_manager", mayApprovePay: false },
  { title: "Location manager, may approve pay", role: "location_manager", mayApprovePay: true },
  { title: "Payroll", role: "payroll", mayApprovePay: false },
] as const;

function permissionTable() {
  const header = `| Permission | ${COLUMNS.map((c) => c.title).join(" | ")} |`;
  const rule = `| --- | ${COLUMNS.map(() => ":---:").join(" | ")} |`;
  const rows = PERMISSIONS.map(
    (permission) =>
      `| \`${permission}\` | ${COLUMNS.map((c) => (can(c.role, permission, c) ? "yes" : "no")).join(" | ")} |`,
  );
  return [header, rule, ...rows].join("\n");
}

/** A markdown table's text with the formatter's padding taken out: the cells are what count. */
const cellsOf = (markdown: string) =>
  markdown
    .split(/\r?\n/)
    .filter((line) => line.startsWith("|"))
    .map((line) => line.replace(/ +/g, " ").replace(/:-+:/g, ":-:").replace(/-{3,}/g, "---"))
    .join("\n");

describe("team roles", () => {
  it("are written out in the README exactly as the code grants them", () => {
    expect(cellsOf(readme), `README.md should hold:\n${permissionTable()}`).toContain(
      cellsOf(permissionTable()),
    );
  });

  it("give the owner every permission and keep billing and closure from everyone else", () => {
    for (const permission of PERMISSIONS) expect(can("owner", permission)).toBe(true);
    for (const role of ROLES.filter((r) => r !== "owner")) {
      expect(can(role, "billing", { mayApprovePay: true }), role).toBe(false);
      expect(can(role, "account:close", { mayApprovePay: true }), role).toBe(false);
    }
  });

  it("let a location manager approve and export pay only when the owner allows it", () => {
    expect(can("location_manager", "pay:approve")).toBe(false);
    expect(can("location_manager", "payroll:export")).toBe(false);
    expect(can("location_manager", "pay:approve", { mayApprovePay: true })).toBe(true);
    expect(can("location_manager", "payroll:export", { mayApprovePay: true })).toBe(true);
  });

  it("never let payroll change employees, PINs, corrections or kiosk settings", () => {
    for (const permission of ["employees:edit", "pins:edit", "timesheets:edit", "kiosk:edit"] as const) {
      expect(can("payroll", permission), permission).toBe(false);
    }
    expect(can("payroll", "timesheets:read")).toBe(true);
    expect(can("payroll", "pay:approve")).toBe(true);
  });

  it("show a location manager only the locations assigned to them", () => {
    const member = {
      id: "m",
      name: "Sam",
      role: "location_manager",
      locationIds: ["a"],
      mayApprovePay: false,
    } as const;
    expect(inScope(member, "a")).toBe(true);
    expect(inScope(member, "b")).toBe(false);
    expect(visibleTo(member, [{ id: "a" }, { id: "b" }])).toEqual([{ id: "a" }]);
    expect(
      visibleTo({ ...member, role: "admin", locationIds: null }, [{ id: "a" }, { id: "b" }]),
    ).toHaveLength(2);
  });
});
