import { localDate, localTime } from "./local-time";

// Late arrivals: an employee's first check-in of a local day, later than the location's workday start.
// A check-in within the start minute (09:00:59 for 09:00) is on time; the day's later check-ins (back
// from lunch) never count.

export type CheckIn = { employeeId: string; checkIn: number };
export type LateArrival = { employeeId: string; date: string; checkedInAt: string; minutesLate: number };

const minutesOf = (hhmm: string) => {
  const [hours = 0, minutes = 0] = hhmm.split(":").map(Number);
  return hours * 60 + minutes;
};

export function lateArrivals(
  checkIns: readonly CheckIn[],
  workdayStart: string,
  timeZone: string,
): LateArrival[] {
  const firstOfDay = new Map<string, CheckIn>();
  for (const entry of checkIns) {
    const key = `${entry.employeeId}|${localDate(entry.checkIn, timeZone)}`;
    const known = firstOfDay.get(key);
    if (!known || entry.checkIn < known.checkIn) firstOfDay.set(key, entry);
  }
  const start = minutesOf(workdayStart);
  const late: LateArrival[] = [];
  for (const entry of firstOfDay.values()) {
    const time = localTime(entry.checkIn, timeZone);
    const minutesLate = minutesOf(time) - start;
    if (minutesLate > 0) {
      late.push({
        employeeId: entry.employeeId,
        date: localDate(entry.checkIn, timeZone),
        checkedInAt: time,
        minutesLate,
      });
    }
  }
  return late.sort((a, b) => a.date.localeCompare(b.date) || b.minutesLate - a.minutesLate);
}
