/** Whole pounds stay whole (£149); pence show when there are any (£12.50). */
export const pounds = (pence: number) =>
  pence % 100 === 0 ? `£${pence / 100}` : `£${(pence / 100).toFixed(2)}`;

export const limitText = (limit: number | null) => (limit === null ? "Unlimited" : String(limit));

export const dayCount = (days: number) => `${days} day${days === 1 ? "" : "s"}`;

export const longDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" }) : "";
