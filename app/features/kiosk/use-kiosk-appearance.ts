import { appearanceFromMessage, type KioskSetup } from "@contracts/appearance";
import { SOCKET_CLOSE } from "@contracts/socket-close";
import { useEffect } from "react";
import type { KioskSource } from "./api";

/**
 * Closes after which reconnecting cannot help: the location was archived or its account closed, or this
 * kiosk was unpaired. The kiosk's next call then says why.
 */
const FINAL: ReadonlySet<number> = new Set([
  SOCKET_CLOSE.locationClosed.code,
  SOCKET_CLOSE.deviceRevoked.code,
]);
const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps an open kiosk in its location's current look: the location's hub pushes an `appearance` message
 * when the manager saves a theme, button shape or logo, or turns the break buttons on or off. Reconnects with
 * backoff; `onRefused` runs when the kiosk may no longer be used unpaired, or at all (its location closed).
 */
export function useKioskAppearance(
  source: KioskSource,
  active: boolean,
  onAppearance: (appearance: KioskSetup) => void,
  onRefused: () => void,
) {
  useEffect(() => {
    if (!active) return;
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const retry = () => {
      if (stopped) return;
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt++);
      timer = setTimeout(connect, delay);
    };

    async function connect() {
      let url: string;
      try {
        url = await source.appearanceSocketUrl();
      } catch {
        return retry();
      }
      if (stopped) return;
      socket = new WebSocket(url);
      socket.addEventListener("open", () => {
        attempt = 0;
      });
      socket.addEventListener("message", (event) => {
        let data: unknown = null;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          return;
        }
        // Checked without zod, which would double the kiosk's download (see contracts/appearance.ts).
        const appearance = appearanceFromMessage(data);
        if (appearance) onAppearance(appearance);
      });
      socket.addEventListener("close", (event) => {
        // The location accepts only paired kiosks now, or is no longer in use: loading it again says which.
        if (event.code === SOCKET_CLOSE.onlyPaired.code || event.code === SOCKET_CLOSE.locationClosed.code)
          return onRefused();
        if (!FINAL.has(event.code)) retry();
      });
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [source, active, onAppearance, onRefused]);
}
