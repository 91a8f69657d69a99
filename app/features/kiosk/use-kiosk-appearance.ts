import { appearanceFromMessage, type KioskSetup } from "@contracts/appearance";
import { SOCKET_CLOSE } from "@contracts/socket-close";
import { useEffect } from "react";
import type { KioskSource } from "./api";

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
      current.onopen = () => {
        attempt = 0;
      };
      /** The socket's end, told by its close frame or by the `closed` message before it. */
      const ended = ({ code }: { code: number }) => {
        // The location accepts only paired kiosks now, or is no longer in use: loading it again says which.
        if (code === SOCKET_CLOSE.onlyPaired.code || code === SOCKET_CLOSE.locationClosed.code)
          return onRefused();
        // Unpaired, reconnecting cannot help: the kiosk's next call says why. Any other end is retried.
        if (code !== SOCKET_CLOSE.deviceRevoked.code) retry();
      };
      current.onclose = ended;
      current.onmessage = (event) => {
        let data: { type?: unknown; code: number } | null = null;
        try {
          data = JSON.parse(String(event.data));
        } catch {
          return;
        }
        // The server's last word before its close frame, which some proxies never complete
        // (docs/live-sockets.md).
        if (data?.type === "closed") {
          current.onclose = null;
          current.close();
          return ended(data);
        }
        // Checked without zod, which would double the kiosk's download (see contracts/appearance.ts).
        const appearance = appearanceFromMessage(data);
        if (appearance) onAppearance(appearance);
      };
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, [source, active, onAppearance, onRefused]);
}
