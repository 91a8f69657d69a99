// Local dates (YYYY-MM-DD, the location's, from the server) as the staff app shows them: "Mon 30/11". Plain
// arithmetic on the date itself, never the phone's zone.

const DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

const utcOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

export const addDays = (date: string, days: number) =>
  new Date(utcOf(date) + days * 86_400_000).toISOString().slice(0, 10);

/** 1 Monday … 7 Sunday. */
export const weekdayOf = (date: string) => ((new Date(utcOf(date)).getUTCDay() + 6) % 7) + 1;

/** "Mon 30/11". */
export const dayLabel = (date: string) =>
  `${DAYS[weekdayOf(date) - 1]} ${date.slice(8, 10)}/${date.slice(5, 7)}`;

/** The Sunday that ends next week: "this week and next". */
export const endOfNextWeek = (today: string) => addDays(today, 14 - weekdayOf(today));

/** "30 min break" or "No break". */
export const breakLabel = (minutes: number) => (minutes > 0 ? `${minutes} min break` : "No break");
