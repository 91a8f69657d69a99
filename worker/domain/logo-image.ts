// Which logo files Clocked accepts: JPEG, PNG, GIF and WebP, up to 5 MB. The type is read from
// the file's first bytes, never from its name or the type the browser declared: a logo is served back to
// every kiosk, so an HTML or SVG file dressed up as an image must never get through.

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_INVALID_TYPE = "Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.";
export const LOGO_TOO_LARGE = "File too large. Maximum size is 5MB.";

export const LOGO_CONTENT_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** Signatures as byte patterns; `null` matches any byte (WebP's RIFF size). */
const SIGNATURES: { type: LogoContentType; bytes: (number | null)[] }[] = [
  { type: "image/jpeg", bytes: [0xff, 0xd8, 0xff] },
  { type: "image/png", bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: "image/gif", bytes: ascii("GIF87a") },
  { type: "image/gif", bytes: ascii("GIF89a") },
  { type: "image/webp", bytes: [...ascii("RIFF"), null, null, null, null, ...ascii("WEBP")] },
];

/** The image type the bytes start with, or null for anything else (HTML, SVG, text, other formats). */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  const match = SIGNATURES.find(
    ({ bytes: pattern }) =>
      bytes.length >= pattern.length && pattern.every((byte, i) => byte === null || bytes[i] === byte),
  );
  return match?.type ?? null;
}

/** Whether a declared size is already over the limit (a Content-Length, or a file's size). */
export const overLogoLimit = (size: number) => size > LOGO_MAX_BYTES;

export const LOGO_EXTENSIONS: Record<LogoContentType, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
};

/**
 * The file name as the manager sees it again in the tab: the base name only, without control
 * characters, at most 120 characters. Never used to decide the type or to build a key.
 */
export function cleanLogoFilename(name: string, type: LogoContentType): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 120);
  return base || `logo.${LOGO_EXTENSIONS[type]}`;
}
