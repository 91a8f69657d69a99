// Kiosk usernames: first name plus last initial, lower-case ASCII ("janes"), numbered when taken ("janes2").

const MAX_BASE_LENGTH = 20;

const asciiLower = (text: string) =>
  text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

export function usernameBase(firstName: string, lastName: string): string {
  const base = `${asciiLower(firstName)}${asciiLower(lastName).slice(0, 1)}`.slice(0, MAX_BASE_LENGTH);
  return base || "employee";
}

/** The base itself when free, else the base with the smallest free number from 2. */
export function firstFreeUsername(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

/** The kiosk's initial for a first name: its first letter, upper-cased ("émile" → "É"). */
export function initialOf(firstName: string): string {
  const [first = ""] = [...firstName.trim()];
  return first.toLocaleUpperCase("en-GB");
}
