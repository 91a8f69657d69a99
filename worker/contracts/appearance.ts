// Kiosk appearance values, free of zod: the kiosk bundle reads them without loading the schema library
// (a kiosk on a cheap tablet downloads every kilobyte). worker/contracts/settings.ts builds its schemas on them.

export const BUTTON_SHAPES = ["rectangle", "square", "thin-rectangle", "circle"] as const;
export type ButtonShape = (typeof BUTTON_SHAPES)[number];
export const BACKGROUND_THEMES = ["white", "grey", "black"] as const;
export type BackgroundTheme = (typeof BACKGROUND_THEMES)[number];

export type KioskAppearance = {
  button_shape: ButtonShape;
  background_theme: BackgroundTheme;
  logo_url: string | null;
};

/** What a kiosk socket's `appearance` message carries: the look, and whether the kiosk offers break buttons. */
export type KioskSetup = KioskAppearance & { record_breaks?: boolean };

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === "string" && (values as readonly string[]).includes(value);

export const isButtonShape = (value: unknown): value is ButtonShape => oneOf(BUTTON_SHAPES, value);
export const isBackgroundTheme = (value: unknown): value is BackgroundTheme =>
  oneOf(BACKGROUND_THEMES, value);

/**
 * The appearance carried by a kiosk socket message `{type: "appearance", data}`, or null for anything else.
 * Agrees with the `appearance` member of the zod union in ./live.ts (tests/domain/appearance.test.ts).
 */
export function appearanceFromMessage(message: unknown): KioskSetup | null {
  if (typeof message !== "object" || message === null) return null;
  const { type, data } = message as { type?: unknown; data?: unknown };
  if (type !== "appearance" || typeof data !== "object" || data === null) return null;
  const { button_shape, background_theme, logo_url, record_breaks } = data as Record<string, unknown>;
  if (!isButtonShape(button_shape) || !isBackgroundTheme(background_theme)) return null;
  if (logo_url !== null && typeof logo_url !== "string") return null;
  if (record_breaks !== undefined && typeof record_breaks !== "boolean") return null;
  return record_breaks === undefined
    ? { button_shape, background_theme, logo_url }
    : { button_shape, background_theme, logo_url, record_breaks };
}
