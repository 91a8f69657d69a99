// Where the installable kiosk lives, for the kiosk's page and for the build that makes its service worker
// (scripts/kiosk-pwa.ts). The manifest (public/kiosk.webmanifest) has the same scope and start.

/** The paired kiosk: the app's start and the service worker's scope. */
export const KIOSK_SCOPE = "/kiosk";
export const KIOSK_SERVICE_WORKER_URL = "/kiosk-sw.js";
