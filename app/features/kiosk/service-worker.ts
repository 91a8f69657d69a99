// The installed kiosk's service worker (scripts/kiosk-pwa.ts): registered by the paired kiosk (/kiosk) in a
// production build, so the page opens, and reopens, with no network. A deployed build replaces it at once;
// the open kiosk then reloads into the new version as soon as nobody has touched it for a minute, never in
// the middle of someone's PIN.

import { KIOSK_SCOPE, KIOSK_SERVICE_WORKER_URL } from "./pwa";

/** A kiosk stays open for days: it asks for a new build this often, besides on every load. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;
const IDLE_BEFORE_RELOAD_MS = 60 * 1000;
const INPUT_EVENTS = ["pointerdown", "keydown"] as const;

export function registerKioskServiceWorker() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const container = navigator.serviceWorker;
  // The first install also takes control of the page; only a replacement is a new version.
  const updating = container.controller !== null;
  container.addEventListener("controllerchange", () => {
    if (updating) reloadWhenIdle();
  });
  container
    .register(KIOSK_SERVICE_WORKER_URL, { scope: KIOSK_SCOPE })
    .then((registration) => {
      setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
    })
    .catch(() => undefined); // No service worker (private browsing): the kiosk works online as before.
}

function reloadWhenIdle() {
  let timer = setTimeout(reload, IDLE_BEFORE_RELOAD_MS);
  const touched = () => {
    clearTimeout(timer);
    timer = setTimeout(reload, IDLE_BEFORE_RELOAD_MS);
  };
  function reload() {
    for (const type of INPUT_EVENTS) window.removeEventListener(type, touched);
    window.location.reload();
  }
  for (const type of INPUT_EVENTS) window.addEventListener(type, touched);
}
