import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { managerWithLocation, openDashboard } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { baseUrl, launchBrowser, newPage, screenshot } from "./support/browser";

// Settings → Integrations → API keys (docs/public-api.md), over real TCP against the dev server: the secret the
// dialog shows once opens /api/v1, the list says when it was used, and a revoked key opens nothing.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const v1 = (path: string, secret: string) =>
  fetch(`${baseUrl()}/api/v1${path}`, { headers: { Authorization: `Bearer ${secret}` } });

describe("API keys in Settings → Integrations, in Chromium", () => {
  it("creates a key whose secret is shown once and reads the API, then revokes it", async () => {
    const owner = await managerWithLocation("Olivia Bennett", "Deptford Bakery");
    await owner.addEmployee("Jane", "Smith", "4821");
    const page = await newPage(browser);
    await openDashboard(page, owner.session);
    await page.getByRole("button", { name: "Integrations" }).click();
    const dialog = page.getByRole("dialog", { name: "Integrations" });
    await dialog.getByText("No API keys yet.").waitFor();

    await dialog.getByRole("button", { name: "Create API key" }).click();
    const create = page.getByRole("dialog", { name: "Create an API key" });
    await create.getByLabel("Name").fill("Payroll bureau");
    await create.getByRole("radio", { name: /Read only/ }).check();
    await create.getByRole("button", { name: "Create key" }).click();

    const secret = (await dialog.locator(".integrations__secret-value").textContent()) ?? "";
    expect(secret).toMatch(/^ck_live_[A-Za-z0-9_-]{43}$/);
    await dialog.getByText("You will not see it again.").waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "api-key-created");

    const answer = await v1("/employees", secret);
    expect(answer.status).toBe(200);
    const employees = (await answer.json()) as { data: { first_name: string }[] };
    expect(employees.data.map((e) => e.first_name)).toEqual(["Jane"]);

    // Gone from the page once dismissed; the list keeps only the prefix.
    await dialog.getByRole("button", { name: "Done" }).click();
    expect(await page.content()).not.toContain(secret);
    const row = dialog.getByRole("listitem", { name: "Payroll bureau" });
    await row.getByText(secret.slice(0, 12), { exact: false }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Integrations" }).click();
    await row.getByText(/Last used \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/).waitFor();

    await row.getByRole("button", { name: "Revoke Payroll bureau" }).click();
    await row.getByRole("button", { name: "Revoke Payroll bureau" }).click();
    await dialog.getByText("No API keys yet.").waitFor();
    expect((await v1("/employees", secret)).status).toBe(401);
  });
});
