import type { StaffQuery } from "../domain/staff-queries";
import { formatDate, formatDateAt } from "../domain/time-zone";
import type { StaffNotice } from "./staff-notify";

// What a staff member is told when a manager answers their query about their hours (docs/staff-app.md).

export function queryAnsweredNotice(
  query: StaffQuery,
  location: { name: string; timezone: string },
): StaffNotice {
  const about = query.day ? `your hours on ${formatDate(query.day)}` : "one of your entries";
  const asked = formatDateAt(query.createdAt, location.timezone);
  return {
    kind: "query",
    subject: "Your manager answered your query about your hours",
    text: [
      `${query.answeredBy?.name ?? "Your manager"} at ${location.name} answered your query about ${about}, raised on ${asked}.`,
      "",
      `You wrote: ${query.note}`,
      "",
      `Their answer: ${query.answer ?? ""}`,
      "",
      "See it under My hours in the staff app.",
    ].join("\n"),
    path: "/me/hours",
  };
}
