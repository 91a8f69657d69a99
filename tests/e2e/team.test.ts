import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, screenshot } from "./support/browser";

// The team's screens (docs/team.md): Settings → Team for an owner, the accept page, and what a role sees.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the accept-invitation page, in Chromium", () => {
  it("says a link that does not work is not valid, and leads home", async () => {
    const page = await newPage(browser);
    const asked: string[] = [];
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/api/team/")) asked.push(pathname);
    });
    // 43 characters of the right shape, but no invitation has this token.
    const token = "A".repeat(43);
    await page.goto(`/team/join#${token}`);
    await page.getByRole("heading", { name: "This invitation link does not work" }).waitFor();
    expect(asked).toEqual([`/api/team/invitations/${token}`]);
    await screenshot(page, "team-join-invalid");

    // A link cut short is refused without asking the server at all.
    await page.goto("/team/join#too-short");
    await page.getByRole("heading", { name: "This invitation link does not work" }).waitFor();
    expect(asked).toHaveLength(1);
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.context().close();
  });
});
