import type { LeaveRequestRow } from "../db/leave-requests";
import { formatDate } from "../domain/time-zone";
import type { StaffNotice } from "./staff-notify";

// What a staff member is told of a decision on their leave request (docs/staff-app.md).

const TYPE_WORDS: Record<string, string> = { holiday: "holiday", unpaid: "unpaid leave", other: "leave" };

const datesOf = (request: LeaveRequestRow) => {
  const half = request.halfDay ? ` (${request.halfDay === "am" ? "morning" : "afternoon"})` : "";
  return request.startDate === request.endDate
    ? `on ${formatDate(request.startDate)}${half}`
    : `from ${formatDate(request.startDate)} to ${formatDate(request.endDate)}`;
};

export function leaveDecisionNotice(
  request: LeaveRequestRow,
  decision: "approved" | "declined",
  by: string,
  note: string | null,
): StaffNotice {
  const what = `${TYPE_WORDS[request.type] ?? "leave"} ${datesOf(request)}`;
  const lines = [
    decision === "approved"
      ? `${by} approved your ${what}. It's booked, and your holiday balance in the staff app shows it.`
      : `${by} declined your ${what}.`,
  ];
  if (note) lines.push(`Their note: ${note}`);
  lines.push("See your requests in the staff app, under Holiday.");
  return {
    kind: "leave",
    subject: decision === "approved" ? "Your leave is approved" : "Your leave request was declined",
    text: lines.join("\n\n"),
    path: "/me/holiday",
  };
}
