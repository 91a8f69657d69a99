export const limitText = (limit: number | null) => (limit === null ? "Unlimited" : String(limit));

export const dayCount = (days: number) => `${days} day${days === 1 ? "" : "s"}`;

export const longDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" }) : "";
