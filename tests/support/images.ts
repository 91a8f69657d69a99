// Real image bytes for upload tests: a 1×1 PNG, and the first bytes of the other accepted types.

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));

/** A valid 1×1 PNG (red pixel). */
export const TINY_PNG = fromBase64(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
);

const ascii = (text: string) => new TextEncoder().encode(text);
const join = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

export const JPEG_START = join(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]), ascii("\0\x10JFIF\0"));
export const GIF_START = ascii("GIF89a\x01\0\x01\0");
export const WEBP_START = join(ascii("RIFF"), new Uint8Array([0x24, 0, 0, 0]), ascii("WEBPVP8 "));
export const HTML = ascii("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
export const SVG_WITH_SCRIPT = ascii(
  '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="1" height="1"/></svg>',
);
/** Text that looks like a GIF to a careless check ("GIF8" and "GIF89" but not the real signature), then HTML. */
export const GIF_LIKE_POLYGLOT = ascii("GIF89<html><script>alert(1)</script></html>");
/** HTML first, a real PNG after it: the signature must be at the start. */
export const HTML_THEN_PNG = join(ascii("<html><script>alert(1)</script></html>"), TINY_PNG);
export { join as joinBytes };
