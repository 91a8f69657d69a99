import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { managerWithLocation, openDashboard } from "./support/accounts";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectToast, launchBrowser, newPage, screenshot } from "./support/browser";

// Settings → Integrations → Webhooks (docs/webhooks.md), over real TCP: the dev server's Worker POSTs to a
// receiver this test runs on 127.0.0.1, which verifies each delivery with the Standard Webhooks library.

type Arrival = { headers: IncomingHttpHeaders; body: string };

let browser: Browser;
let receiver: Server;
const arrivals: Arrival[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  receiver = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    arrivals.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
    res.writeHead(204).end();
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const verified = (secret: string, arrival: Arrival) =>
  new Webhook(secret).verify(arrival.body, {
    "webhook-id": String(arrival.headers["webhook-id"]),
    "webhook-timestamp": String(arrival.headers["webhook-timestamp"]),
    "webhook-signature": String(arrival.headers["webhook-signature"]),
  }) as { type: string; data: Record<string, unknown> };

describe("webhooks in Settings → Integrations, in Chromium", () => {
  it("adds an endpoint, sends a test event and a real one, both signed, and shows them in the log", async () => {
    const owner = await managerWithLocation("Olivia Bennett", "Deptford Bakery");
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/clocked`;
    const page = await newPage(browser);
    await openDashboard(page, owner.session);
    await page.getByRole("button", { name: "Integrations" }).click();
    const dialog = page.getByRole("dialog", { name: "Integrations" });
    await dialog.getByRole("button", { name: "Webhooks" }).click();
    await dialog.getByText("No webhook endpoints yet.").waitFor();

    await dialog.getByRole("button", { name: "Add endpoint" }).click();
    const add = page.getByRole("dialog", { name: "Add a webhook endpoint" });
    await add.getByLabel("Address (URL)").fill(url);
    await add.getByRole("checkbox", { name: /An employee is added/ }).check();
    await add.getByRole("button", { name: "Add endpoint" }).click();
    const secret = (await dialog.locator(".integrations__secret-value").textContent()) ?? "";
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole("button", { name: "Done" }).click();

    const row = dialog.getByRole("listitem", { name: url });
    await row.getByRole("button", { name: "Send test event" }).click();
    await expectToast(page, "Test event sent");
    await expect.poll(() => arrivals.length, { timeout: 10_000 }).toBe(1);
    expect(verified(secret, arrivals[0] as Arrival).type).toBe("webhook.test");

    await owner.addEmployee("Jane", "Smith", "4821");
    await expect.poll(() => arrivals.length, { timeout: 10_000 }).toBe(2);
    const created = verified(secret, arrivals[1] as Arrival);
    expect(created.type).toBe("employee.created");
    expect(created.data.employee).toMatchObject({ first_name: "Jane", last_name: "Smith" });

    await row.getByRole("button", { name: "Deliveries" }).click();
    const log = row.getByRole("table");
    await log.getByRole("cell", { name: "employee.created", exact: true }).waitFor();
    expect(await log.getByRole("cell", { name: "Delivered", exact: true }).count()).toBe(2);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, "webhooks-log");
  });
});
