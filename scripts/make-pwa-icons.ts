// Writes the kiosk app's icons (public/icons/*.png) from the Clocked mark, drawn by Chromium: run it again
// after changing the mark (`node scripts/make-pwa-icons.ts`), and commit the PNGs.
// "any": the mark as the favicon draws it (rounded, on transparency). "maskable" and Apple's touch icon:
// full-bleed teal, the clock inside the middle 60% (the platforms cut their own shape from the square).
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/support/chromium.ts";

const TEAL = "#0f766e";
const CLOCK =
  '<circle cx="16" cy="16" r="9" fill="none" stroke="#fff" stroke-width="2.5"/>' +
  '<path d="M16 10v6l4 3" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/>';
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${TEAL}"/>${CLOCK}</svg>`;
// The clock (radius 10.25 with its stroke) scaled to fit within 60% of the square, centred.
const fullBleed = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${TEAL}"/><g transform="translate(16 16) scale(0.94) translate(-16 -16)">${CLOCK}</g></svg>`;

const ICONS = [
  { file: "icon-192.png", size: 192, svg: rounded },
  { file: "icon-512.png", size: 512, svg: rounded },
  { file: "icon-maskable-512.png", size: 512, svg: fullBleed },
  { file: "apple-touch-icon.png", size: 180, svg: fullBleed },
];

const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  for (const { file, size, svg } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.screenshot({ path: `public/icons/${file}`, omitBackground: true });
    await page.close();
    console.log(`public/icons/${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
