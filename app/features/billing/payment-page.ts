import type { ChangePlanResponse } from "@contracts/billing";

/**
 * Opens the hosted payment page in a new tab. The tab is opened inside the click, before the request,
 * so popup blockers allow it; it is closed again when there is nothing to open (a change applied at once)
 * or the request fails. A payment page on another site gets no handle back to this one.
 */
export async function openPaymentPage(
  request: () => Promise<ChangePlanResponse>,
): Promise<ChangePlanResponse> {
  const tab = window.open("", "_blank");
  try {
    const answer = await request();
    if (!answer.url) {
      tab?.close();
      return answer;
    }
    const target = new URL(answer.url, window.location.origin);
    if (!tab) window.location.assign(target.href);
    else {
      if (target.origin !== window.location.origin) tab.opener = null;
      tab.location.href = target.href;
    }
    return answer;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
