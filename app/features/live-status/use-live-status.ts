import { useCallback, useEffect, useState } from "react";
import { type LiveStatus, PING, SOCKET_CLOSE, serverMessage } from "../../../worker/contracts/live";
import { liveSocketUrl, liveStatusApi } from "./api";

export type Connection = "live" | "connecting" | "offline";

const POLL_MS = 15_000;
const PING_MS = 25_000;
const MAX_BACKOFF_MS = 30_000;
/** The server ended the socket because the session, the subscription or the location is over. */
const FINAL_CLOSES: ReadonlySet<number> = new Set(
  [SOCKET_CLOSE.signedOut, SOCKET_CLOSE.subscription, SOCKET_CLOSE.locationClosed].map((c) => c.code),
);

/**
 * Live status for one location: fetched once, then pushed by the location's hub over a WebSocket.
 * Reconnects with exponential backoff; while the socket is down it polls, so the screen never goes stale.
 */
export function useLiveStatus(locationId: string) {
  const [status, setStatus] = useState<LiveStatus | null>(null);
  const [connection, setConnection] = useState<Connection>("connecting");
  const [failed, setFailed] = useState(false);
  /** Bumped by every push: screens showing employees refetch when it moves. */
  const [changes, setChanges] = useState(0);

  const refresh = useCallback(async () => {
    try {
      setStatus(await liveStatusApi.get(locationId));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [locationId]);

  useEffect(() => {
    let stopped = false;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pollTimer: ReturnType<typeof setInterval> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;

    const startPolling = () => {
      pollTimer ??= setInterval(refresh, POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(pollTimer);
      pollTimer = undefined;
    };

    async function connect() {
      if (stopped) return;
      setConnection("connecting");
      try {
        const { ticket } = await liveStatusApi.ticket(locationId);
        if (stopped) return;
        socket = new WebSocket(liveSocketUrl(locationId, ticket));
      } catch {
        return scheduleReconnect();
      }
      socket.onopen = () => {
        attempt = 0;
        setConnection("live");
        stopPolling();
        void refresh(); // anything that happened while we were away
        pingTimer = setInterval(() => socket?.send(PING), PING_MS);
      };
      socket.onmessage = (event) => {
        const parsed = serverMessage.safeParse(safeJson(event.data));
        if (!parsed.success) return;
        if (parsed.data.type === "live_status") setStatus(parsed.data.data);
        if (parsed.data.type === "live_status" || parsed.data.type === "employees_changed")
          setChanges((n) => n + 1);
      };
      socket.onclose = (event) => {
        clearInterval(pingTimer);
        if (stopped) return;
        // Reconnecting cannot help: one more call lets the API say why (a 401 or 402 signs the manager out).
        if (FINAL_CLOSES.has(event.code)) {
          setConnection("offline");
          void refresh();
          return;
        }
        scheduleReconnect();
      };
    }

    function scheduleReconnect() {
      setConnection("offline");
      startPolling();
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() / 2);
      attempt += 1;
      retryTimer = setTimeout(connect, delay);
    }

    void refresh();
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      stopPolling();
      socket?.close();
    };
  }, [locationId, refresh]);

  return { status, connection, failed, refresh, changes };
}

function safeJson(data: unknown): unknown {
  try {
    return typeof data === "string" ? JSON.parse(data) : null;
  } catch {
    return null;
  }
}

export type LiveStatusState = ReturnType<typeof useLiveStatus>;
