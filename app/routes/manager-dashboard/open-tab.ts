import type { SetupTarget } from "../../features/setup";

/** How long a tab's section may take to arrive (its data loads once the tab opens). */
const SECTION_WAIT_MS = 3000;

/**
 * Opens a dashboard tab from outside the tab row (the setup checklist's steps) as the manager would: by
 * pressing the tab, so the tabs keep the one way they change, and the focus lands on it. Then the part of
 * the tab the step is about scrolls into view once it has arrived.
 */
export function openDashboardTab({ tab, section }: SetupTarget) {
  const button = document.getElementById(`tab-${tab}`);
  if (!button) return;
  button.click();
  button.focus();
  if (!section) return;
  const since = performance.now();
  const reveal = () => {
    const target = document.querySelector(`#panel-${tab} ${section}`);
    if (target) target.scrollIntoView({ behavior: "smooth", block: "start" });
    else if (performance.now() - since < SECTION_WAIT_MS) requestAnimationFrame(reveal);
  };
  requestAnimationFrame(reveal);
}
