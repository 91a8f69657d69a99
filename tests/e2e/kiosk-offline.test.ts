import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveStatus } from "../../worker/contracts/live";
import { call, managerWithLocation } from "./support/accounts";
import { launchBrowser, newPage, screenshot } from "./support/browser";
import { punchOffline, readyToWorkOffline } from "./support/offline-kiosk";

// A paired kiosk on café Wi-Fi (docs/offline-kiosk.md): the network drops, staff clock in all the same, the
// punches wait on the device (closing the page loses none), and land once, at their own times, when it
// returns.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A bakery with these staff, and a kiosk device paired to it. */
async function pairedBakery(staff: [first: string, last: string, pin: string][]) {
  const manager = await managerWithLocation();
  const employees = [];
  for (const [first, last, pin] of staff)
    employees.push((await manager.addEmployee(first, last, pin)).employee);
  const { token } = await call<{ token: string }>(
    "POST",
    `/manager/kiosk-devices/${manager.locationId}`,
    { label: "Front counter" },
    manager.session.session_id,
  );
  return { manager, employees, token };
}

/** Opens /kiosk as the paired device whose token this is, and waits until it is ready to work offline. */
async function openPairedKiosk(page: Page, token: string, initials: string[]) {
  await page.addInitScript((value) => localStorage.setItem("clocked.kiosk_token", value), token);
  await page.goto("/kiosk");
  await page.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
  await readyToWorkOffline(page, initials);
}

describe("a paired kiosk without a network, in Chromium", () => {
  it("keeps punches on the device while offline and sends them once when the network returns", async () => {
    const {
      manager,
      employees: [zara, wyn],
      token,
    } = await pairedBakery([
      ["Zara", "Ahmed", "4321"],
      ["Wyn", "Evans", "7531"],
    ]);

    const kiosk = await newPage(browser);
    await openPairedKiosk(kiosk, token, ["W", "Z"]);
    await kiosk.context().setOffline(true);
    const before = Date.now();
    await punchOffline(kiosk, "Check In", "Z", /Zara Ahmed/, "4321");
    await punchOffline(kiosk, "Check In", "W", /Wyn Evans/, "7531");
    // A wrong PIN cannot be checked offline: it waits too, and the hub refuses it when it arrives.
    await punchOffline(kiosk, "Check Out", "Z", /Zara Ahmed/, "0000");
    await kiosk.getByRole("status").filter({ hasText: "3 punches waiting to send" }).waitFor();
    await screenshot(kiosk, "kiosk-offline-queue");
    // The kiosk page is closed while still offline (the device keeps its storage).
    const tablet = kiosk.context();
    await kiosk.close();

    // Later, online again: the kiosk page opens and sends what waited.
    await tablet.setOffline(false);
    const again = await tablet.newPage();
    await again.goto("/kiosk");
    await again.getByRole("heading", { name: "Deptford Bakery" }).waitFor();
    await expect
      .poll(async () => {
        const live = await call<LiveStatus>(
          "GET",
          `/manager/live-status/${manager.locationId}`,
          undefined,
          manager.session.session_id,
        );
        return live.checked_in.map((p) => p.name).sort();
      })
      .toEqual(["Wyn Evans", "Zara Ahmed"]);
    await expect.poll(() => again.locator(".kiosk__queue").textContent()).toBe("");

    const live = await call<LiveStatus>(
      "GET",
      `/manager/live-status/${manager.locationId}`,
      undefined,
      manager.session.session_id,
    );
    // Recorded at the kiosk's time of each punch, not when they arrived.
    for (const person of live.checked_in) {
      expect(Date.parse(person.at)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(person.at)).toBeLessThan(Date.now());
    }
    expect(live.offline_refused).toEqual([
      expect.objectContaining({
        id: zara?.id,
        action: "check_out",
        detail: expect.stringMatching(/the PIN was wrong/),
      }),
    ]);
    expect(live.checked_in.map((p) => p.id).sort()).toEqual([wyn?.id, zara?.id].sort());
  });

  it("keeps every name it read for offline use when a slower read of the location answers after them", async () => {
    const { token } = await pairedBakery([["Zara", "Ahmed", "4321"]]);
    const kiosk = await newPage(browser);
    // The screen's first read of the location is held until the names under Z have been read and kept.
    let namesRead = () => {};
    const names = new Promise<void>((resolve) => {
      namesRead = resolve;
    });
    kiosk.on("requestfinished", (request) => {
      if (request.url().includes("/api/employees/by-initial/")) namesRead();
    });
    let held = false;
    await kiosk.route("**/api/kiosk/location", async (route) => {
      if (!held) {
        held = true;
        await Promise.race([names, new Promise((resolve) => setTimeout(resolve, 5000))]);
      }
      await route.continue();
    });

    await openPairedKiosk(kiosk, token, ["Z"]);
    await kiosk.context().setOffline(true);
    await punchOffline(kiosk, "Check In", "Z", /Zara Ahmed/, "4321");
    await kiosk.getByRole("status").filter({ hasText: "1 punch waiting to send" }).waitFor();
  });

  it("sends what waited before a punch made as the network returns: a check-out never overtakes its check-in", async () => {
    const {
      manager,
      employees: [zara],
      token,
    } = await pairedBakery([["Zara", "Ahmed", "4321"]]);
    const kiosk = await newPage(browser);
    await openPairedKiosk(kiosk, token, ["Z"]);
    await kiosk.context().setOffline(true);
    await punchOffline(kiosk, "Check In", "Z", /Zara Ahmed/, "4321");

    // The network is back, but slow: the queue's answer takes two seconds, and Zara checks out meanwhile.
    await kiosk.route("**/api/kiosk/offline-punches", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await route.continue();
    });
    await kiosk.context().setOffline(false);
    await kiosk.getByRole("button", { name: "Check Out" }).click();
    await kiosk.getByRole("button", { name: "Z", exact: true }).click();
    await kiosk.getByRole("button", { name: /Zara Ahmed/ }).click();
    await kiosk.getByLabel("Enter your 4-digit PIN").fill("4321");
    await kiosk.getByLabel("Enter your 4-digit PIN").press("Enter");
    await kiosk
      .getByText(/^Checked out at \d\d:\d\d/)
      .first()
      .waitFor();

    const live = await call<LiveStatus>(
      "GET",
      `/manager/live-status/${manager.locationId}`,
      undefined,
      manager.session.session_id,
    );
    expect(live.checked_in).toEqual([]);
    expect(live.checked_out.map((person) => person.id)).toEqual([zara?.id]);
    expect(live.kpis.total_checkins_today).toBe(1);
    expect(live.offline_refused).toEqual([]);
  });
});
