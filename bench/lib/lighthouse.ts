// Lighthouse with its default settings (mobile: a mid-range phone, simulated slow 4G, 4× CPU slowdown), run
// by its own CLI against Debian's Chromium. Through npx: the project's devDependency when it is installed at
// this version, otherwise npm's cache.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { CHROMIUM_ARGS, findChromium } from "../../tests/e2e/support/chromium.ts";

export const LIGHTHOUSE_VERSION = "12.8.2";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

export type LighthouseRun = {
  /** 0–100, as Lighthouse shows them. */
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost a point in accessibility, best practices or SEO: what to fix when one is below 100. */
  failed: string[];
};

type Report = {
  categories: Record<Category, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string }>;
  runtimeError?: { message: string };
};

const run = promisify(execFile);

/** One run; a run Lighthouse itself gives up on (now and then NO_NAVSTART, "run Lighthouse again") is retried. */
export async function lighthouse(url: string, attempts = 3): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseOnce(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.log(`  Lighthouse failed on ${url} (${whyItFailed(error)}); trying again`);
    }
  }
}

const whyItFailed = (error: unknown) =>
  String(error instanceof Error && "stderr" in error ? error.stderr : error)
    .split("\n")
    .filter((line) => line.trim() && !line.startsWith("npm warn"))
    .join(" ")
    .slice(0, 200);

async function lighthouseOnce(url: string): Promise<LighthouseRun> {
  const dir = mkdtempSync(join(tmpdir(), "clocked-lighthouse-"));
  const output = join(dir, "report.json");
  try {
    await run(
      "npx",
      [
        "--yes",
        `lighthouse@${LIGHTHOUSE_VERSION}`,
        url,
        "--output=json",
        `--output-path=${output}`,
        "--quiet",
        `--only-categories=${CATEGORIES.join(",")}`,
        `--chrome-flags=${CHROMIUM_ARGS.join(" ")}`,
      ],
      { env: { ...process.env, CHROME_PATH: findChromium() }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(readFileSync(output, "utf8")) as Report;
    if (report.runtimeError) throw new Error(`Lighthouse on ${url}: ${report.runtimeError.message}`);
    const audit = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
    const score = (category: Category) => Math.round((report.categories[category].score ?? 0) * 100);
    const failed = CATEGORIES.filter((category) => category !== "performance").flatMap((category) =>
      report.categories[category].auditRefs
        .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score !== null)
        .filter((ref) => (report.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}: ${ref.id}`),
    );
    return {
      scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<Category, number>,
      fcpMs: audit("first-contentful-paint"),
      lcpMs: audit("largest-contentful-paint"),
      tbtMs: audit("total-blocking-time"),
      cls: audit("cumulative-layout-shift"),
      failed,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
