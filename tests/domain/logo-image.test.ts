import { describe, expect, it } from "vitest";
import {
  cleanLogoFilename,
  LOGO_MAX_BYTES,
  overLogoLimit,
  sniffLogoType,
} from "../../worker/domain/logo-image";
import {
  GIF_LIKE_POLYGLOT,
  GIF_START,
  HTML,
  HTML_THEN_PNG,
  JPEG_START,
  SVG_WITH_SCRIPT,
  TINY_PNG,
  WEBP_START,
} from "../support/images";

describe("logo type from magic bytes", () => {
  it("recognises JPEG, PNG, GIF (87a and 89a) and WebP by their first bytes", () => {
    expect(sniffLogoType(JPEG_START)).toBe("image/jpeg");
    expect(sniffLogoType(TINY_PNG)).toBe("image/png");
    expect(sniffLogoType(GIF_START)).toBe("image/gif");
    expect(sniffLogoType(new TextEncoder().encode("GIF87a..."))).toBe("image/gif");
    expect(sniffLogoType(WEBP_START)).toBe("image/webp");
  });

  it("refuses HTML, SVG, polyglots and files too short to carry a signature", () => {
    expect(sniffLogoType(HTML)).toBeNull();
    expect(sniffLogoType(SVG_WITH_SCRIPT)).toBeNull();
    expect(sniffLogoType(GIF_LIKE_POLYGLOT)).toBeNull();
    expect(sniffLogoType(HTML_THEN_PNG)).toBeNull();
    expect(sniffLogoType(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(sniffLogoType(new TextEncoder().encode("RIFF\0\0\0\0WAVE"))).toBeNull();
    expect(sniffLogoType(new Uint8Array())).toBeNull();
  });

  it("allows exactly 5 MB and no more", () => {
    expect(LOGO_MAX_BYTES).toBe(5 * 1024 * 1024);
    expect(overLogoLimit(LOGO_MAX_BYTES)).toBe(false);
    expect(overLogoLimit(LOGO_MAX_BYTES + 1)).toBe(true);
  });

  it("keeps only the base name of the file, without control characters", () => {
    expect(cleanLogoFilename("C:\\fakepath\\shop logo.png", "image/png")).toBe("shop logo.png");
    expect(cleanLogoFilename("../../etc/\u0007passwd", "image/png")).toBe("passwd");
    expect(cleanLogoFilename("", "image/webp")).toBe("logo.webp");
  });
});
