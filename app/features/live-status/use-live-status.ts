import type { LiveStatus } from "@contracts/live";
import { PING, readServerMessage } from "@contracts/live-message";
import { SOCKET_CLOSE } from "@contracts/socket-close";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { queryKeys } from "../../lib/server-state";
import { liveSocketUrl, liveStatusQuery } from "./api";

export type Connection = "live" | "connecting" | "offline";

const POLL_MS = 15_000;
const PING_MS = 25_000;
const MAX_BACKOFF_MS = 30_000;
/** The server ended the socket because the session, the subscription or the location is over. */
const FINAL_CLOSES: ReadonlySet<number> = new Set(
  [SOCKET_CLOSE.signedOut, SOCKET_CLOSE.subscription, SOCKET_CLOSE.locationClosed].map((c) => c.code),
);

/**
 * Live status for one location: fetched once, then pushed by the location's hub over a WebSocket. Each
 * push also makes the location's staff data stale, so the Employees tab follows. Reconnects with
 * exponential backoff; while the socket is down it polls, and each poll and each reconnect refresh the staff
 * data too, so no screen goes stale.
 */
export function useLiveStatus(locationId: string) {
  const queryClient = useQueryClient();
  const [connection, setConnection] = useState<Connection>("connecting");
  const [polling, setPolling] = useState(false);
  const query = useQuery({
    ...liveStatusQuery(locationId),
    refetchInterval: polling ? POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  const { refetch, dataUpdatedAt } = query;
  // While the socket is down, each poll stands in for a push: the staff data (timesheets, the employee
  // list) follows it too.
  useEffect(() => {
    if (polling && dataUpdatedAt > 0)
      void queryClient.invalidateQueries({ queryKey: queryKeys.staff(locationId) });
  }, [polling, dataUpdatedAt, locationId, queryClient]);
  const refresh = useCallback(async () => {
    await refetch();
  }, [refetch]);

  useEffect(() => {
    const statusKey = liveStatusQuery(locationId).queryKey;
    let stopped = false;
    let socket: WebSocket | null = null;
    let attempt = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let pingTimer: ReturnType<typeof setInterval> | undefined;

    async function connect() {
      if (stopped) return;
      setConnection("connecting");
      try {
        const url = await liveSocketUrl(locationId);
        if (stopped) return;
        socket = new WebSocket(url);
      } catch {
        return scheduleReconnect();
      }
      socket.onopen = () => {
        attempt = 0;
        setConnection("live");
        setPolling(false);
        // Anything that happened while away: the status, and the staff data a punch changes.
        void queryClient.invalidateQueries({ queryKey: statusKey });
        void queryClient.invalidateQueries({ queryKey: queryKeys.staff(locationId) });
        pingTimer = setInterval(() => socket?.send(PING), PING_MS);
      };
      const ended = (code: number) => {
        clearInterval(pingTimer);
        if (stopped) return;
        // Reconnecting cannot help: one more call lets the API say why (a 401 or 402 signs the manager out).
        if (FINAL_CLOSES.has(code)) {
          setConnection("offline");
          void queryClient.invalidateQueries({ queryKey: statusKey });
          return;
        }
        scheduleReconnect();
      };
      socket.onmessage = (event) => {
        // Read without zod, which the first screen does not load (@contracts/live-message).
        const message = readServerMessage(safeJson(event.data));
        if (!message) return;
        // The server's last word, ahead of its close frame (which some proxies never complete).
        if (message.type === "closed") {
          const closing = event.target as WebSocket;
          closing.onclose = null;
          closing.close();
          return ended(message.code);
        }
        if (message.type === "live_status") queryClient.setQueryData<LiveStatus>(statusKey, message.data);
        if (message.type === "live_status" || message.type === "employees_changed")
          void queryClient.invalidateQueries({ queryKey: queryKeys.staff(locationId) });
        // A tablet was paired (or a kiosk unpaired): the devices list shows it at once.
        if (message.type === "devices_changed")
          void queryClient.invalidateQueries({ queryKey: queryKeys.devices(locationId) });
      };
      socket.onclose = (event) => ended(event.code);
    }

    function scheduleReconnect() {
      setConnection("offline");
      setPolling(true);
      const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt) * (0.75 + Math.random() / 2);
      attempt += 1;
      retryTimer = setTimeout(connect, delay);
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      clearInterval(pingTimer);
      setPolling(false);
      socket?.close();
    };
  }, [locationId, queryClient]);

  return { status: query.data ?? null, connection, failed: query.isError, refresh };
}

function safeJson(data: unknown): unknown {
  try {
    return typeof data === "string" ? JSON.parse(data) : null;
  } catch {
    return null;
  }
}

export type LiveStatusState = ReturnType<typeof useLiveStatus>;
