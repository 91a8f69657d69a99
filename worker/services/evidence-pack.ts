import { type EvidenceEmployee, type EvidencePack, RULE_NAMES, RULE_SOURCES } from "../contracts/compliance";
import type { Location } from "../contracts/locations";
import type { UserRow } from "../db/accounts";
import type { Db } from "../db/client";
import { writeCsv } from "../domain/csv";
import { durationBetween } from "../domain/durations";
import type { HoursSession } from "../domain/hours";
import { eighteenthBirthday } from "../domain/live-status";
import {
  addDays,
  formatDate,
  formatDateAt,
  formatTimeAt,
  type LocalDate,
  localDateOf,
} from "../domain/time-zone";
import {
  Assessment,
  daysOf,
  loadRange,
  minutesLabel,
  mondayOf,
  REFERENCE_WEEKS,
  shiftOf,
  workedMinutesOf,
} from "./working-time-checks";
import { referencePeriodText, type Worded, word, wordAverage, wordShortfall } from "./working-time-wording";

// The evidence pack (docs/evidence-pack.md): every shift, break, rest, weekly total, 17-week average, opt-out and breach of a
// range, written out in the location's time for an inspector, as the PDF (evidence-pdf.ts) and as CSV.

/** A shift's breaks where the kiosk does not record them: not "None", which would say none was taken. */
const NOT_RECORDED = "Not recorded";

const SOURCES = (session: HoursSession) =>
  session.origin?.added
    ? "Added by manager"
    : session.origin?.corrected
      ? "Corrected by manager"
      : session.origin?.autoClosed
        ? "Closed automatically"
        : "Kiosk";

/** Every shift, break, rest, weekly total, 17-week average, opt-out and breach of [from, to], written out. */
export async function evidencePack(
  env: Env,
  db: Db,
  user: Pick<UserRow, "name">,
  location: Location,
  range: { from: LocalDate; to: LocalDate },
  now: number,
): Promise<EvidencePack> {
  const firstMonday = mondayOf(range.from);
  const loaded = await loadRange(
    env,
    db,
    location,
    {
      startDate: addDays(firstMonday, -7 * REFERENCE_WEEKS),
      endDate: addDays(range.to, 2 * 7 * REFERENCE_WEEKS),
    },
    now,
  );
  const { zone } = loaded;
  const days = await daysOf(loaded);
  const time = (instant: number) => formatTimeAt(instant, zone);
  const people: EvidenceEmployee[] = [];
  for (const person of loaded.staff) {
    const a = new Assessment(person, loaded);
    const inRange = a.sessions.filter((s) => {
      const date = localDateOf(s.checkIn, zone);
      return date >= range.from && date <= range.to;
    });
    if (inRange.length === 0 && person.deleted) continue;
    const weeks = [];
    const breaches: Worded[] = a.breaches(range.from, range.to).map((b) => word(b, a));
    // Weeks from the one they started in: before it there is nothing to average, only rows of "0h 0m".
    const started = a.employmentStart;
    const fromMonday = started && mondayOf(started) > firstMonday ? mondayOf(started) : firstMonday;
    for (let monday = fromMonday; monday <= range.to; monday = addDays(monday, 7)) {
      const average = a.average(monday);
      const notes = [
        average.sinceStart ? `over ${referencePeriodText(average)}` : "",
        average.optedOut ? "opted out" : "",
        average.provisional ? "provisional" : "",
      ].filter(Boolean);
      weeks.push({
        week_start: formatDate(monday),
        worked: minutesLabel(a.workedInWeek(monday)),
        average: `${minutesLabel(average.averageMinutes)}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`,
      });
      if (average.breach && !a.youngOn(monday)) breaches.push(wordAverage(average, monday));
    }
    breaches.push(...(await a.shortfalls(range.from, range.to, days)).map(wordShortfall));
    const ordered = [...a.sessions].sort((x, y) => x.checkIn - y.checkIn);
    const shifts = inRange.map((s) => {
      const previous = ordered.filter((o) => o.checkIn < s.checkIn && o.checkOut !== null).at(-1);
      const shift = shiftOf(s, now);
      return {
        date: formatDateAt(s.checkIn, zone),
        check_in: time(s.checkIn),
        check_out:
          s.checkOut === null
            ? "Open"
            : localDateOf(s.checkOut, zone) === localDateOf(s.checkIn, zone)
              ? time(s.checkOut)
              : `${formatDateAt(s.checkOut, zone).slice(0, 5)} ${time(s.checkOut)}`,
        breaks:
          (s.breaks ?? [])
            .map((b) => `${time(b.start)}–${b.end === null ? "open" : time(b.end)}`)
            .join(", ") || (loaded.breaksClocked ? "None" : NOT_RECORDED),
        worked: minutesLabel(workedMinutesOf(shift)),
        rest_before: previous?.checkOut ? durationBetween(previous.checkOut, s.checkIn) : "",
        source: SOURCES(s),
        reason: s.origin?.reason ?? "",
      };
    });
    const pay = person.pay;
    const born = a.dateOfBirth;
    people.push({
      name: person.name,
      payroll_id: pay?.payroll_id ?? "",
      young_worker:
        born !== null && (a.youngOn(range.from) || a.youngOn(range.to))
          ? `Young worker (under 18) until ${formatDate(addDays(eighteenthBirthday(born), -1))}`
          : "",
      opt_out: !pay?.opt_out_signed
        ? "No opt-out"
        : `Opted out ${formatDate(pay.opt_out_signed)}${pay.opt_out_withdrawn ? `, withdrawn ${formatDate(pay.opt_out_withdrawn)}` : ""}`,
      shifts,
      weeks,
      breaches: breaches
        .sort((x, y) => x.date.localeCompare(y.date))
        .map((b) => ({
          date: formatDate(b.date),
          rule: RULE_NAMES[b.rule],
          source: RULE_SOURCES[b.rule],
          detail: b.detail,
        })),
    });
  }
  return {
    business_name: user.name,
    location_name: location.name,
    time_zone: zone,
    from: formatDate(range.from),
    to: formatDate(range.to),
    generated_at: `${formatDateAt(now, zone)} ${formatTimeAt(now, zone)}`,
    not_checked: loaded.notChecked.map(
      (rule) => `${RULE_NAMES[rule.rule]} (${RULE_SOURCES[rule.rule]}): ${rule.verdict}`,
    ),
    employees: people,
  };
}

/** The evidence pack as one CSV: a row per shift, week and breach, each saying what it is. */
export function evidenceCsv(pack: EvidencePack): string {
  const header = [
    "Employee",
    "Payroll ID",
    "Record",
    "Date",
    "Check-in",
    "Check-out",
    "Breaks",
    "Worked",
    "Rest before",
    "Source",
    "Reason",
    "17-week average",
    "Rule",
    "Detail",
  ];
  const blank = (n: number) => Array.from({ length: n }, () => "");
  // The rules not checked at the location come first, for everyone: a row per rule, with the rule and why.
  const notChecked = pack.not_checked.map((line) => ["", "", "Not checked", ...blank(10), line]);
  const rows = pack.employees.flatMap((e) => {
    const who = [e.name, e.payroll_id];
    return [
      [...who, "Opt-out", ...blank(10), e.opt_out],
      ...(e.young_worker ? [[...who, "Young worker", ...blank(10), e.young_worker]] : []),
      ...e.shifts.map((s) => [
        ...who,
        "Shift",
        s.date,
        s.check_in,
        s.check_out,
        s.breaks,
        s.worked,
        s.rest_before,
        s.source,
        s.reason,
        "",
        "",
        "",
      ]),
      ...e.weeks.map((w) => [
        ...who,
        "Week",
        w.week_start,
        ...blank(3),
        w.worked,
        ...blank(3),
        w.average,
        "",
        "",
      ]),
      ...e.breaches.map((b) => [...who, "Breach", b.date, ...blank(5), b.source, "", "", b.rule, b.detail]),
    ];
  });
  return writeCsv([header, ...notChecked, ...rows]);
}
