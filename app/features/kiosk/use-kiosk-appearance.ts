import { appearanceFromMessage, type KioskSetup } from "@contracts/appearance";
import { closeFromMessage, SOCKET_CLOSE } from "@contracts/socket-close";
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
      const current = new WebSocket(url);
      socket = current;
      let over = false;
      const ended = (code: number) => {
        if (over) return;
        over = true;
        // The location accepts only paired kiosks now, or is no longer in use: loading it again says which.
        if (code === SOCKET_CLOSE.onlyPaired.code || code === SOCKET_CLOSE.locationClosed.code)
          return onRefused();
        if (!FINAL.has(code)) retry();
      };
      current.addEventListener("open", () => {
        attempt = 0;
      });
      current.addEventListener("message", (event) => {
        let data: unknown = null;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          return;
        }
        // The server's last word, ahead of its close frame (which some proxies never complete).
        const close = closeFromMessage(data);
        if (close) {
          current.close();
          return ended(close.code);
        }
        // Checked without zod, which would double the kiosk's download (see contracts/appearance.ts).
        const appearance = appearanceFromMessage(data);
        if (appearance) onAppearance(appearance);
      });
      current.addEventListener("close", (event) => ended(event.code));
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [source, active, onAppearance, onRefused]);
}
