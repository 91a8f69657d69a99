import type { AccountData, EntryRecord } from "./account-records";
import { type CsvCell, ours } from "./csv";

// How the account export's columns are made and how they write times, flags and hours (account-export-columns.ts).

export type Column<T> = { name: string; about: string; cell: (row: T) => CsvCell };
export type Kind<T> = { file: string; about: string; columns: Column<T>[]; rows: (data: AccountData) => T[] };

/** An instant as ISO 8601 in UTC (how Clocked stores every time); empty when there is none. */
export const utc = (instant: number | null): CsvCell =>
  instant === null ? "" : ours(new Date(instant).toISOString());
export const yesNo = (value: boolean) => ours(value ? "yes" : "no");
export const optional = (text: string | null) => text ?? "";
/** Minutes as hours, as written in the app ("7.5"); empty when there are none. */
export const hoursOf = (minutes: number | null): CsvCell => (minutes === null ? "" : minutes / 60);
/** "2026-11-16T12:00:00.000Z/2026-11-16T12:30:00.000Z; …": an open break has nothing after its slash. */
export const breakList = (breaks: EntryRecord["breaks"]): CsvCell =>
  ours(
    breaks
      .map((b) => `${new Date(b.start).toISOString()}/${b.end === null ? "" : new Date(b.end).toISOString()}`)
      .join("; "),
  );

export const WHEN = "ISO 8601, UTC";
export const column = <T>(name: string, about: string, cell: (row: T) => CsvCell): Column<T> => ({
  name,
  about,
  cell,
});
export const idColumn = <T extends { id: string }>(about: string) =>
  column<T>("id", about, (row) => ours(row.id));
export const locationColumn = <T extends { locationId: string }>() =>
  column<T>("location_id", "The location (locations.csv).", (row) => ours(row.locationId));
export const employeeColumn = <T extends { employeeId: string }>() =>
  column<T>("employee_id", "The employee (employees.csv).", (row) => ours(row.employeeId));
