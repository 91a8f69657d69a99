import type { Column, Kind } from "./account-export-cells";
import { EXPORT_KINDS } from "./account-export-columns";
import type { AccountData } from "./account-records";
import { ours, writeCsv } from "./csv";
import { formatDateAt, formatTimeAt } from "./time-zone";

// "Download my data" (GET /api/user/export): everything an account holds, one CSV per kind of record and a
// README that explains every column. The README is written from the same column list as the files, so the
// two cannot drift apart. Secrets (password and PIN hashes, session tokens, codes) are never exported.

// The records are account-records.ts's; re-exported for the modules that read them from here.
export type * from "./account-records";

export type ExportFile = { name: string; text: string };

/** The README first, then one CSV per kind of record, each with a heading row. */
export function accountExportFiles(data: AccountData, now: number): ExportFile[] {
  const files = EXPORT_KINDS.map((kind) => {
    const { columns, rows } = kind as unknown as Kind<unknown>;
    const table = [
      columns.map((c) => ours(c.name)),
      ...rows(data).map((row) => columns.map((c) => c.cell(row))),
    ];
    return { name: kind.file, text: writeCsv(table) };
  });
  return [{ name: "README.txt", text: exportReadme(data, now) }, ...files];
}

function exportReadme(data: AccountData, now: number): string {
  const zone = "Europe/London";
  const lines = [
    "Clocked: everything your account holds",
    "",
    `Account: ${data.account.email}`,
    `Exported: ${formatDateAt(now, zone)} ${formatTimeAt(now, zone)} (UK time)`,
    "",
    "Each file is CSV (comma-separated, UTF-8, first row the column names) and opens in any spreadsheet.",
    "Times are ISO 8601 in UTC, as Clocked stores them; each location's time zone is in locations.csv.",
    "Text that a spreadsheet would run as a formula (starting with = + - or @) begins with an apostrophe.",
    "The *_id columns link the files: employee_id names a row of employees.csv, location_id one of locations.csv.",
    "Passwords, PINs, session and device tokens are kept only as one-way hashes and are never exported.",
  ];
  for (const kind of EXPORT_KINDS) {
    lines.push("", kind.file, `  ${kind.about}`);
    for (const c of kind.columns as readonly Column<never>[]) lines.push(`  - ${c.name}: ${c.about}`);
  }
  return `${lines.join("\r\n")}\r\n`;
}
