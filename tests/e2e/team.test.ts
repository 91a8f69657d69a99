import type { Browser, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, managerWithLocation, openDashboard, PASSWORD } from "./support/accounts";
import { upgradeToPro } from "./support/assistant";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectToast, launchBrowser, newPage, screenshot, uniqueEmail } from "./support/browser";
import { PHONE, touchDevice } from "./support/phone";
import { joinTeam } from "./support/team";

// The team's screens (docs/team.md): Settings → Team for an owner, the accept page, and what a role sees.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});
// Each dashboard keeps a socket open: closed once its test is done, on a shared machine.
const opened: Page[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((page) => page.context().close()));
});

async function page(viewport?: typeof PHONE) {
  const next = viewport ? await touchDevice(browser, viewport) : await newPage(browser);
  opened.push(next);
  return next;
}

/** A Pro owner (5 team members) with one location. */
async function proOwner(name: string, locationName: string) {
  const owner = await managerWithLocation(name, locationName);
  const user = await upgradeToPro(owner.session.session_id);
  return { ...owner, session: { ...owner.session, user } };
}

describe("Settings → Team, in Chromium", () => {
  it("lets an owner invite a location manager, lists the invitation, and revokes it", async () => {
    const owner = await proOwner("Olivia Bennett", "Deptford Bakery");
    const screen = await page();
    await openDashboard(screen, owner.session);
    await screen.getByRole("button", { name: "Team" }).click();
    const team = screen.getByRole("dialog", { name: "Team" });
    await team.getByText("1 of 5 team members on Pro").waitFor();
    await team.getByRole("listitem", { name: "Olivia Bennett" }).getByText("Owner").waitFor();
    // Nobody edits or removes the owner, themselves included.
    expect(await team.getByRole("button", { name: "Remove Olivia Bennett" }).count()).toBe(0);

    const email = uniqueEmail("priya");
    await team.getByRole("button", { name: "Invite someone" }).click();
    const invite = screen.getByRole("dialog", { name: "Invite a team member" });
    await invite.getByLabel("Email address").fill(email);
    await invite.getByLabel("Role").selectOption({ label: "Location manager" });
    // The only location is ticked already; pay approval is the owner's choice.
    expect(await invite.getByRole("checkbox", { name: "Deptford Bakery" }).isChecked()).toBe(true);
    await invite.getByRole("checkbox", { name: /May approve pay/ }).check();
    await invite.getByRole("button", { name: "Send invitation" }).click();
    await expectToast(screen, `Invitation sent to ${email}`);

    const pending = team.getByRole("listitem", { name: email });
    await pending.getByText("Location manager").waitFor();
    await pending.getByText("Deptford Bakery").waitFor();
    await team.getByText("2 of 5 team members on Pro").waitFor();
    await screenshot(screen, "team-invited");

    await pending.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
    await expectToast(screen, `Invitation to ${email} revoked`);
    await pending.waitFor({ state: "detached" });
    await team.getByText("1 of 5 team members on Pro").waitFor();
  });

  it("shows a Starter owner their one sign-in and the way to more", async () => {
    const owner = await managerWithLocation("Nadia Hussain", "Brixton Market");
    const screen = await page(PHONE);
    await openDashboard(screen, owner.session);
    await screen.getByRole("button", { name: "Menu", exact: true }).click();
    await screen.getByRole("button", { name: "Team" }).click();
    const team = screen.getByRole("dialog", { name: "Team" });
    await team.getByText("1 of 1 team member on Starter").waitFor();
    await team.getByText(/Upgrade to Pro for up to 5 team members/).waitFor();
    expect(await team.getByRole("button", { name: "Invite someone" }).isDisabled()).toBe(true);
    // Nothing runs off a phone's screen sideways.
    expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await expectNoSeriousA11yViolations(screen);
    await screenshot(screen, "team-starter-phone");
  });
});

describe("changing the team, in Chromium", () => {
  it("edits a member's role, removes them after a confirmation, and hands the account to an admin", async () => {
    const owner = await proOwner("Amira Khan", "Hackney Wick Coffee");
    const token = owner.session.session_id;
    await joinTeam(token, { email: uniqueEmail("grace"), role: "payroll" }, "Grace Lee");
    await joinTeam(token, { email: uniqueEmail("sam"), role: "admin" }, "Sam Taylor");
    const screen = await page();
    await openDashboard(screen, owner.session);
    await screen.getByRole("button", { name: "Team" }).click();
    const team = screen.getByRole("dialog", { name: "Team" });
    const grace = team.getByRole("listitem", { name: "Grace Lee" });
    await grace.getByText("Payroll").waitFor();

    // Payroll becomes the shop's manager: a narrower role, so she is signed out everywhere.
    await grace.getByRole("button", { name: "Edit Grace Lee" }).click();
    const edit = screen.getByRole("dialog", { name: "Edit Grace Lee" });
    await edit.getByLabel("Role").selectOption({ label: "Location manager" });
    await edit.getByRole("button", { name: "Save" }).click();
    await expectToast(screen, "Tick at least one location for a location manager.");
    await edit.getByRole("checkbox", { name: "Hackney Wick Coffee" }).check();
    await edit.getByRole("button", { name: "Save" }).click();
    await expectToast(screen, "Grace Lee saved and signed out everywhere");
    await grace.getByText("Location manager").waitFor();
    await grace.getByText("Hackney Wick Coffee").waitFor();

    await grace.getByRole("button", { name: "Remove Grace Lee" }).click();
    const confirm = screen.getByRole("dialog", { name: "Remove Grace Lee?" });
    await confirm.getByRole("button", { name: "Remove" }).click();
    await expectToast(screen, "Grace Lee has been removed from the team.");
    await grace.waitFor({ state: "detached" });

    // Ownership goes to Sam, confirmed with the owner's password; Amira stays on as an admin.
    await team.getByRole("button", { name: "Choose a new owner…" }).click();
    const transfer = team.getByRole("form", { name: "Transfer ownership" });
    await transfer.getByLabel("New owner").selectOption({ label: "Sam Taylor" });
    await transfer.getByLabel("Your password").fill("not-the-password");
    await transfer.getByRole("button", { name: "Transfer ownership" }).click();
    await expectToast(screen, "That password is not right. Ownership has not been transferred.");
    await transfer.getByLabel("Your password").fill(PASSWORD);
    await transfer.getByRole("button", { name: "Transfer ownership" }).click();
    await expectToast(screen, "Sam Taylor now owns the account. You are an admin.");
    await team.getByRole("listitem", { name: "Sam Taylor" }).getByText("Owner").waitFor();
    await transfer.waitFor({ state: "detached" });
    await team.getByRole("button", { name: "Close", exact: true }).click();
    // Billing is the new owner's now: an admin's menu has Team and not Plan & billing.
    await screen.getByRole("button", { name: "Team" }).waitFor();
    await expect.poll(() => screen.getByRole("button", { name: /^Plan & billing/ }).count()).toBe(0);
  });
});

describe("what a role sees, in Chromium", () => {
  it("shows Payroll the reading tabs, without Team, billing, kiosk settings, adding staff or planning shifts", async () => {
    const owner = await proOwner("Ravi Patel", "Camden Lock Deli");
    await owner.addEmployee("Tom", "Price", "2468");
    const payroll = await joinTeam(
      owner.session.session_id,
      { email: uniqueEmail("payroll"), role: "payroll" },
      "Grace Lee",
    );
    expect(payroll.member?.permissions).not.toContain("employees:edit");
    const screen = await page();
    await openDashboard(screen, payroll);
    for (const tab of ["Live Status", "Employees", "Hours", "Rota", "Compliance"])
      await screen.getByRole("tab", { name: tab, exact: true }).waitFor();
    expect(await screen.getByRole("tab", { name: "Attendance Form" }).count()).toBe(0);
    expect(await screen.getByRole("button", { name: "Team" }).count()).toBe(0);
    expect(await screen.getByRole("button", { name: /^Plan & billing/ }).count()).toBe(0);
    expect(await screen.getByRole("button", { name: "+ Add location" }).count()).toBe(0);
    // The menu names who signed in, not the account's owner.
    expect(await screen.locator(".dashboard__who").textContent()).toBe("Grace Lee");

    await screen.getByRole("tab", { name: "Employees" }).click();
    await screen.getByText("Tom Price").first().waitFor();
    expect(await screen.getByRole("button", { name: "Add Employee" }).count()).toBe(0);
    expect(await screen.getByRole("button", { name: "Change PIN of Tom Price" }).count()).toBe(0);
    await screenshot(screen, "team-payroll-employees");

    // Payroll reads the rota and plans nothing: no cell to add to, no tools.
    await screen.getByRole("tab", { name: "Rota" }).click();
    await screen.getByRole("rowheader", { name: "Tom Price" }).waitFor();
    expect(await screen.getByRole("button", { name: /^Add shift/ }).count()).toBe(0);
    expect(await screen.getByRole("button", { name: "Publish" }).count()).toBe(0);
    expect(await screen.getByRole("button", { name: "Templates" }).count()).toBe(0);

    // The owner's own dashboard still has them all.
    const own = await page();
    await openDashboard(own, owner.session);
    await own.getByRole("tab", { name: "Attendance Form" }).waitFor();
    await own.getByRole("button", { name: "Team" }).waitFor();
  });
});

describe("the accept-invitation page, in Chromium", () => {
  it("says a link that does not work is not valid, and leads home", async () => {
    const screen = await page();
    const asked: string[] = [];
    screen.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/api/team/")) asked.push(pathname);
    });
    // 43 characters of the right shape, but no invitation has this token.
    const token = "A".repeat(43);
    await screen.goto(`/team/join#${token}`);
    await screen.getByRole("heading", { name: "This invitation link does not work" }).waitFor();
    expect(asked).toEqual([`/api/team/invitations/${token}`]);
    await screenshot(screen, "team-join-invalid");

    // A link cut short is refused without asking the server at all.
    await screen.goto("/team/join#too-short");
    await screen.getByRole("heading", { name: "This invitation link does not work" }).waitFor();
    expect(asked).toHaveLength(1);
    await screen.getByRole("link", { name: "Go to the home page" }).click();
    await screen.waitForURL((url) => url.pathname === "/");
  });

  it("refuses a link already used", async () => {
    const owner = await proOwner("Hannah Wright", "Leeds Corn Exchange");
    const email = uniqueEmail("used");
    await joinTeam(owner.session.session_id, { email, role: "admin" }, "Sam Taylor");
    const { messages } = await call<{ messages: { body: string }[] }>(
      "GET",
      `/dev/outbox?email=${encodeURIComponent(email)}`,
    );
    const link = /\/team\/join#[A-Za-z0-9_-]{43}/.exec(messages[0]?.body ?? "")?.[0] ?? "";
    const screen = await page();
    await screen.goto(link);
    await screen.getByRole("heading", { name: "This invitation link does not work" }).waitFor();
  });
});
