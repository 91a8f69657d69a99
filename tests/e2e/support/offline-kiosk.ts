import type { Page } from "playwright-core";

// The offline kiosk's steps, for the tests on the dev server (kiosk-offline) and on the build (kiosk-pwa).

/** Waits until the paired kiosk has what it needs offline: the hub's key and the names under these initials. */
export const readyToWorkOffline = (page: Page, initials: readonly string[]) =>
  page.waitForFunction((letters) => {
    const directory = JSON.parse(localStorage.getItem("clocked.kiosk_directory") ?? "{}");
    return (
      localStorage.getItem("clocked.kiosk_seal_key") &&
      letters.every((letter) => `employees:${letter}` in directory)
    );
  }, initials);

/** One person's punch with no network: it is kept on the device, and the kiosk is back at its first step. */
export async function punchOffline(
  page: Page,
  action: "Check In" | "Check Out",
  initial: string,
  name: RegExp,
  pin: string,
) {
  await page.getByRole("button", { name: action }).click();
  await page.getByRole("button", { name: initial, exact: true }).click();
  await page.getByRole("button", { name }).click();
  await page.getByLabel("Enter your 4-digit PIN").fill(pin);
  await page.getByLabel("Enter your 4-digit PIN").press("Enter");
  await page
    .getByText(/is saved on this kiosk and will be sent when the connection returns/)
    .first()
    .waitFor();
  await page.getByRole("button", { name: "Check In" }).waitFor({ timeout: 5000 });
}
