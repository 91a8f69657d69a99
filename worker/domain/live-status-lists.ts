import type { LockedOut, OnLeaveToday } from "../contracts/live";
import { formatTimeAt } from "./time-zone";

// Two of Live Status's lists (docs/kiosk.md): who is locked out at a kiosk now, and who is on leave today.

/** Each employee once, at their latest lock of any kiosk, the soonest free first. */
export function lockedOut(
  locks: readonly { employeeId: string; lockedUntil: number }[],
  names: ReadonlyMap<string, string>,
  zone: string,
): LockedOut[] {
  const until = new Map<string, number>();
  for (const lock of locks) {
    if (!names.has(lock.employeeId)) continue;
    until.set(lock.employeeId, Math.max(until.get(lock.employeeId) ?? 0, lock.lockedUntil));
  }
  return [...until]
    .sort(([, a], [, b]) => a - b)
    .map(([id, at]) => ({
      id,
      name: names.get(id) ?? "",
      until: new Date(at).toISOString(),
      time: formatTimeAt(at, zone),
    }));
}

/** Current staff on leave today, by name. */
export function onLeaveToday(
  statuses: ReadonlyMap<string, string>,
  names: ReadonlyMap<string, string>,
): OnLeaveToday[] {
  return [...statuses]
    .flatMap(([id, status]) => {
      const name = names.get(id);
      return name === undefined ? [] : [{ id, name, status }];
    })
    .sort((a, b) => a.name.localeCompare(b.name, "en-GB"));
}
