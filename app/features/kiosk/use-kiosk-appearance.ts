import { useEffect } from "react";
import { appearanceFromMessage, type KioskAppearance } from "../../../worker/contracts/appearance";
import type { KioskSource } from "./api";

/** The hub closes a public kiosk's socket with this once the location accepts only paired kiosks. */
const NOT_ALLOWED = 4403;
/**
 * Closes after which reconnecting cannot help: the location was archived or its account closed (4404),
 * or this kiosk was unpaired (4410). The kiosk's next call then says why. (worker/contracts/live.ts
 * SOCKET_CLOSE; not imported, as it would bring zod into the kiosk's bundle.)
 */
const FINAL = new Set([4404, 4410]);
const MAX_BACKOFF_MS = 30_000;

/**
 * Keeps an open kiosk in its location's current look: the location's hub pushes an `appearance` message
 * when the manager saves a theme, button shape or logo. Reconnects with backoff; `onRefused` runs when the
 * kiosk may no longer be used unpaired.
 */
export function useKioskAppearance(
  source: KioskSource,
  active: boolean,
  onAppearance: (appearance: KioskAppearance) => void,
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
        if (event.code === NOT_ALLOWED) return onRefused();
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
