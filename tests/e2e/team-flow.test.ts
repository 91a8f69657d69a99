import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard, PASSWORD } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser";
import { hoursAgoOfAMorning, localDate, localTime, mondayOf } from "./support/london-time";
import { invitationLinkFor } from "./support/team";

// A business with two shops takes on a shop manager (docs/team.md): the owner invites them from Settings →
// Team, they accept from the e-mail's link, see only their shop, correct a timesheet there, and the owner
// reads their name in that entry's history.

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

const HOUR = 3_600_000;
const inputDate = (instant: number) => localDate(instant).split("/").reverse().join("-");
function entryName(name: string, checkIn: number, checkOut: number) {
  const day = localDate(checkIn);
  const out = localDate(checkOut) === day ? "" : `${localDate(checkOut).slice(0, 5)} `;
  return `Entry ${localTime(checkIn)}–${out}${localTime(checkOut)} for ${name} on ${day}`;
}

describe("a team, in Chromium", () => {
  it("an owner invites a shop manager, who corrects a timesheet at their shop only, under their own name", async () => {
    const owner = await managerWithLocation("Olivia Bennett", "Deptford Bakery");
    const token = owner.session.session_id;
    const session = { ...owner.session, user: await upgradeToPro(token) };
    await call("POST", "/manager/locations", { name: "Greenwich Market" }, token);
    const { employee: tom } = await owner.addEmployee("Tom", "Reed", "4812");
    // Tom checked in one morning and never out: the hub closes his session at 8 hours, for review.
    const { check_in_at } = await call<{ check_in_at: string }>(
      "POST",
      "/dev/forgotten-session",
      { employee_id: tom.id, hours_ago: hoursAgoOfAMorning() },
      token,
    );
    const tomIn = Date.parse(check_in_at);

    // The owner invites Priya to run Deptford Bakery.
    const ownerPage = await newPage(browser);
    opened.push(ownerPage);
    await openDashboard(ownerPage, session);
    await ownerPage.getByRole("button", { name: "Team" }).click();
    const team = ownerPage.getByRole("dialog", { name: "Team" });
    await team.getByRole("button", { name: "Invite someone" }).click();
    const invite = ownerPage.getByRole("dialog", { name: "Invite a team member" });
    const email = uniqueEmail("priya");
    await invite.getByLabel("Email address").fill(email);
    await invite.getByLabel("Role").selectOption({ label: "Location manager" });
    await invite.getByRole("checkbox", { name: "Deptford Bakery" }).check();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await team.getByRole("listitem", { name: email }).waitFor();
    await team.getByRole("button", { name: "Close", exact: true }).click();

    // Priya opens the e-mail's link, sees who invited her to what, and joins.
    const link = await invitationLinkFor(email);
    const priya = await newPage(browser);
    opened.push(priya);
    await priya.goto(link);
    await priya.getByText(/Olivia Bennett invited .* as Location manager for Deptford Bakery/).waitFor();
    await priya.getByLabel("Full Name").fill("Priya Shah");
    await priya.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await priya.getByLabel("Confirm Password").fill(PASSWORD);
    await expectNoSeriousA11yViolations(priya);
    await screenshot(priya, "team-flow-accept");
    await priya.getByRole("button", { name: "Join the team" }).click();
    await priya.waitForURL((url) => url.pathname === "/manager-dashboard" && url.hash === "");

    // Her dashboard is Deptford Bakery's alone, without the owner's menu entries.
    await priya.getByRole("heading", { name: "Deptford Bakery", level: 1 }).waitFor();
    const places = await priya.locator(".location-picker option").allTextContents();
    expect(places).toEqual(["Deptford Bakery"]);
    expect(await priya.getByRole("button", { name: "Team" }).count()).toBe(0);
    expect(await priya.getByRole("button", { name: /^Plan & billing/ }).count()).toBe(0);

    // She corrects Tom's forgotten clock-out: he left after five hours.
    await priya.getByRole("tab", { name: /^Hours/ }).click();
    await priya.getByRole("button", { name: "Review in Timesheets" }).click();
    await priya.getByRole("button", { name: entryName("Tom Reed", tomIn, tomIn + 8 * HOUR) }).click();
    const edit = priya.getByRole("dialog");
    await edit.getByLabel("Check-out date").fill(inputDate(tomIn + 5 * HOUR));
    await edit.getByLabel("Check-out time").fill(localTime(tomIn + 5 * HOUR));
    await edit.getByLabel("Reason for the change").fill("Left after the lunch rush");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await edit.waitFor({ state: "detached" });
    await screenshot(priya, "team-flow-manager");

    // The owner reads who corrected it.
    await ownerPage.reload();
    await ownerPage.getByRole("tab", { name: /^Hours/ }).click();
    await ownerPage.getByRole("button", { name: "Timesheets", exact: true }).click();
    // His morning may have been in last week (on a Monday or a Tuesday morning).
    if (localDate(mondayOf(tomIn)) !== localDate(mondayOf(Date.now())))
      await ownerPage.getByRole("button", { name: "Previous week" }).click();
    const fixed = ownerPage.getByRole("button", { name: entryName("Tom Reed", tomIn, tomIn + 5 * HOUR) });
    await fixed.click();
    const history = ownerPage.getByRole("dialog");
    await history.getByText("Edited by Priya Shah").waitFor();
    await history.getByText("Reason: Left after the lunch rush").waitFor();
    await screenshot(ownerPage, "team-flow-history");
  });
});
