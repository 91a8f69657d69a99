import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, Result } from "axe-core";
import type { Page } from "playwright-core";
import { expect } from "vitest";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const BLOCKING = new Set(["serious", "critical"]);

const describe = (violation: Result) =>
  `${violation.impact} ${violation.id}: ${violation.help}\n${violation.nodes
    .slice(0, 5)
    .map((node) => `  ${node.target.join(" ")}: ${node.failureSummary ?? ""}`)
    .join("\n")}`;

/**
 * Runs axe-core (WCAG 2.x A and AA rules and best practices) on the page as it is now and fails on any
 * serious or critical violation, listing them. Usage: `await expectNoSeriousA11yViolations(page)`.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  // Judge what users see once things settle, not a toast caught half-way through fading in.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  await page.addScriptTag({ content: axeSource });
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run(),
  );
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ""));
  expect(blocking.map(describe), `axe on ${page.url()}`).toEqual([]);
}
