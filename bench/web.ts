// npm run bench:web — what four pages download (gzipped JS and CSS, counted from Chromium's network
// responses) and their Largest Contentful Paint in headless Chromium at 4× CPU throttling.
// Baseline in the same run: the landing page without CPU throttling.
import { gzipSync } from "node:zlib";
import { type Browser, chromium } from "playwright-core";
import { CHROMIUM_ARGS, findChromium } from "../tests/e2e/support/chromium.ts";
import { addLocation, businessManager } from "./lib/accounts.ts";
import { startBuiltApp } from "./lib/server.ts";
import { kB, median, ms, percentile, printTable, ratio, verdict } from "./lib/stats.ts";

const LOADS = Number(process.env.BENCH_LOADS ?? 5);

type Load = { js: number; css: number; lcp: number };

async function load(browser: Browser, url: string, cpuSlowdown: number): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
  const bodies: Promise<{ type: string; gzip: number }>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "script" && type !== "stylesheet") return;
    bodies.push(
      response
        .body()
        .then((body) => ({ type, gzip: gzipSync(body).length }))
        .catch(() => ({ type, gzip: 0 })),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let latest = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) latest = Math.max(latest, entry.startTime);
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(latest), 500);
      }),
  );
  const responses = await Promise.all(bodies);
  await context.close();
  const sum = (type: string) =>
    responses.filter((r) => r.type === type).reduce((total, r) => total + r.gzip, 0);
  return { js: sum("script"), css: sum("stylesheet"), lcp };
}

const app = await startBuiltApp();
const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
try {
  const manager = await businessManager(app.url);
  const locationId = await addLocation(manager, "Kiosk Location");
  const pages: [string, string, number][] = [
    ["baseline: / without throttling", "/", 1],
    ["/ (landing)", "/", 4],
    ["/time-tracking-software", "/time-tracking-software", 4],
    ["/attendance/{id} (kiosk)", `/attendance/${locationId}`, 4],
    ["/manager-dashboard (signed out)", "/manager-dashboard", 4],
  ];
  const loads = new Map<string, Load[]>(pages.map(([name]) => [name, []]));
  for (const [, path, rate] of pages) await load(browser, `${app.url}${path}`, rate); // warm-up
  for (let round = 0; round < LOADS; round++) {
    for (const [name, path, rate] of pages)
      loads.get(name)?.push(await load(browser, `${app.url}${path}`, rate));
  }
  const figures = pages.map(([name]) => {
    const all = loads.get(name) ?? [];
    return {
      name,
      js: median(all.map((l) => l.js)),
      css: median(all.map((l) => l.css)),
      lcps: all.map((l) => l.lcp),
    };
  });
  const baseLcp = median(figures[0]?.lcps ?? []);
  printTable(
    `Pages at 4× CPU throttling (baseline 1×), ${LOADS} loads each (gzip of each JS/CSS response; LCP median and p95)`,
    ["page", "JS gzip", "CSS gzip", "LCP median", "LCP p95", "LCP vs baseline"],
    figures.map((f) => [
      f.name,
      kB(f.js),
      kB(f.css),
      ms(median(f.lcps)),
      ms(percentile(f.lcps, 95)),
      ratio(median(f.lcps), baseLcp),
    ]),
  );
  const kiosk = figures[3];
  const landing = figures[1];
  if (!kiosk || !landing) throw new Error("missing figures");
  console.log(
    `\nweb: kiosk JS ${kB(kiosk.js)} gzipped (≤ 80 kB: ${verdict(kiosk.js <= 80_000)}); ` +
      `landing LCP median ${ms(median(landing.lcps))} (≤ 1.5 s: ${verdict(median(landing.lcps) <= 1500)}), ` +
      `${ratio(median(landing.lcps), baseLcp)} the unthrottled baseline ${ms(baseLcp)}`,
  );
} finally {
  await browser.close();
  await app.stop();
}
