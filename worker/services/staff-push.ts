import type { Db } from "../db/client";
import { pushDelivered, pushGone, pushSubscriptionsOf } from "../db/push-subscriptions";
import { isDevelopment } from "../lib/config";
import { describeError } from "../lib/errors";
import { sendPush, type VapidKeys } from "./web-push";

// Web Push to staff phones (docs/staff-app.md, "Notifications"): which push services the app sends to, the
// VAPID keys, and sending a notice to each of an employee's subscriptions.

/** The push services browsers use: Chrome and Edge (FCM), Firefox, Safari, and Windows. */
const PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /\.push\.apple\.com$/,
  /\.notify\.windows\.com$/,
];

/**
 * Whether the app sends to this endpoint: https on a known push service; in development and tests also a
 * local server (the fake push service on 127.0.0.1). Anything else would let a subscription make the Worker
 * call any address it likes.
 */
export function isPushEndpoint(env: Env, endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (isDevelopment(env) && url.protocol === "http:" && url.hostname === "127.0.0.1") return true;
  if (url.protocol !== "https:" || url.port !== "" || url.username || url.password) return false;
  return PUSH_HOSTS.some((host) => host.test(url.hostname));
}

/** The VAPID keys, or null where they are not set (subscribing then answers 503; nothing is ever made up). */
export function vapidKeys(env: Env): VapidKeys | null {
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT } = env;
  if (!VAPID_PUBLIC_KEY || !VAPID_PRIVATE_KEY || !VAPID_SUBJECT) return null;
  return { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY, subject: VAPID_SUBJECT };
}

export type PushMessage = { kind: string; title: string; body: string; path: string };

/**
 * Sends the message to each of the employee's phones. A 404 or 410 deletes that subscription; any other
 * failure is logged and changes nothing (what it told of stands, and the app shows it when opened).
 */
export async function pushToEmployee(env: Env, db: Db, employeeId: string, message: PushMessage) {
  const keys = vapidKeys(env);
  if (!keys) return;
  const payload = JSON.stringify(message);
  for (const subscription of await pushSubscriptionsOf(db, employeeId)) {
    if (!isPushEndpoint(env, subscription.endpoint)) continue;
    try {
      const status = await sendPush(subscription, payload, keys);
      if (status === 404 || status === 410) await pushGone(db, subscription.id);
      else if (status >= 200 && status < 300) await pushDelivered(db, subscription.id);
      else console.error(`staff notice not pushed: the push service answered ${status}`);
    } catch (error) {
      console.error(`staff notice not pushed: ${describeError(error)}`);
    }
  }
}
