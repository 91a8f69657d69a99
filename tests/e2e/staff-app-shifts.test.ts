import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, openDashboard } from "./support/accounts";
import { expectToast, launchBrowser, newPage } from "./support/browser";
import { nextMonday, nextWeekAt, nextWeekDayLabel } from "./support/london-time";
import { PHONE, touchDevice } from "./support/phone";
import { signInToStaffApp, staffMember } from "./support/staff-app";

// My shifts and open shifts on a phone (docs/staff-app.md, "My shifts, availability and open shifts"): a
// staff member sees next week's published shift, claims an open shift, and the manager approves the claim
// on the Rota tab, after which the shift is theirs in the app.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
const opened: Page[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.context().close()));
});

const week = nextMonday();
const at = nextWeekAt;
const dayLabel = nextWeekDayLabel;

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
}

describe("my shifts and open shifts on a phone", () => {
  it("shows next week's shift, claims an open shift, and shows it as mine once the manager approves", async () => {
    const shop = await staffMember("Jane", "Smith");
    const token = shop.session.session_id;
    const rota = `/manager/rota/${shop.locationId}`;
    await call(
      "POST",
      `${rota}/shifts`,
      {
        employee_id: shop.employee.id,
        start_at: at(1, 9),
        end_at: at(1, 17),
        break_minutes: 30,
        role: "Barista",
      },
      token,
    );
    await call(
      "POST",
      `${rota}/shifts`,
      {
        employee_id: null,
        start_at: at(3, 10),
        end_at: at(3, 14),
        break_minutes: 0,
        role: "Till",
      },
      token,
    );
    await call("POST", `${rota}/publish`, { week, acknowledge_warnings: true }, token);

    const phone = await touchDevice(browser, PHONE);
    opened.push(phone);
    await signInToStaffApp(phone, shop.staffEmail);
    const mine = phone.getByRole("list", { name: "Your shifts this week and next" });
    await mine.getByRole("heading", { name: dayLabel(1) }).waitFor();
    expect(await mine.getByText("09:00–17:00").isVisible()).toBe(true);
    expect(await mine.getByText("Barista · 30 min break").isVisible()).toBe(true);
    expect(await phone.getByRole("button", { name: "Add to calendar" }).isVisible()).toBe(true);

    const open = phone.getByRole("list", { name: "Open shifts" });
    await open.getByText(`${dayLabel(3)} 10:00–14:00`).waitFor();
    await shot(phone, "staff-shifts-390");
    await open.getByRole("button", { name: "Claim" }).click();
    await open.getByText("Claimed: waiting for your manager").first().waitFor();

    const desk = await newPage(browser);
    opened.push(desk);
    await desk.setViewportSize({ width: 1440, height: 900 });
    await openDashboard(desk, shop.session);
    await desk.getByRole("tab", { name: "Rota" }).click();
    const claims = desk.getByRole("region", { name: "Claims on open shifts (1)" });
    await claims.waitFor();
    expect(await claims.getByText("1 claim").isVisible()).toBe(true);
    await shot(desk, "rota-claims-1440");
    await claims.getByRole("button", { name: "Approve Jane Smith" }).click();
    await expectToast(desk, "The shift is Jane Smith's now; they've been told.");
    await claims.waitFor({ state: "detached" });
    await desk.getByRole("tab", { name: "Hours" }).click();
    const automatic = desk.getByRole("checkbox", { name: "Approve open-shift claims automatically" });
    await automatic.check();
    await expectToast(desk, "Claims are approved automatically");
    await desk.setViewportSize(PHONE);
    await desk.getByRole("region", { name: "Open shifts" }).scrollIntoViewIfNeeded();
    await shot(desk, "hours-open-shifts-390");

    await phone.reload();
    await phone
      .getByRole("list", { name: "Your shifts this week and next" })
      .getByRole("heading", { name: dayLabel(3) })
      .waitFor();
    expect(await phone.getByText("Till · No break").isVisible()).toBe(true);
    expect(await phone.getByRole("list", { name: "Open shifts" }).count()).toBe(0);
    await shot(phone, "staff-shifts-claimed-390");
  });

  it("keeps the times I can't work from More", async () => {
    const shop = await staffMember("Ravi", "Kumar");
    const phone = await touchDevice(browser, PHONE);
    opened.push(phone);
    await signInToStaffApp(phone, shop.staffEmail);
    await phone.getByRole("link", { name: "More" }).click();
    await phone.getByText("You haven't listed any times.").waitFor();
    await phone.getByRole("button", { name: "Add a time" }).click();
    await phone.getByLabel("Day", { exact: true }).selectOption({ label: "Wednesday" });
    await phone.getByLabel("All day").uncheck();
    await phone.getByLabel("From").fill("18:00");
    await phone.getByLabel("To").fill("22:00");
    await phone.getByLabel("Note (optional)").fill("College");
    await phone.getByRole("button", { name: "Save" }).click();
    await phone.getByText("Saved.").waitFor();
    await shot(phone, "staff-availability-390");
    await phone.reload();
    await expect.poll(() => phone.getByLabel("Note (optional)").inputValue()).toBe("College");
    expect(await phone.getByLabel("From").inputValue()).toBe("18:00");
    await phone.setViewportSize({ width: 1440, height: 900 });
    await shot(phone, "staff-availability-1440");
  });
});
