// A WebSocket over real TCP that records how it ended (docs/live-sockets.md): the hub sends a `closed` message
// with the code, then the close frame; a client learns the code from whichever arrives first, and must within
// a second.

export const WITHIN_A_SECOND = 1000;

type Heard = { code: number; reason: string; via: "message" | "close frame"; at: number };

/** A WebSocket over TCP that records the first word of its end: the `closed` message or the close event. */
export async function openSocket(url: string) {
  const socket = new WebSocket(url);
  let heard: Heard | undefined;
  const hear = (code: number, reason: string, via: Heard["via"]) => {
    heard ??= { code, reason, via, at: Date.now() };
  };
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(String(event.data)) as { type?: string; code?: number; reason?: string };
    if (data.type === "closed") hear(data.code ?? 0, data.reason ?? "", "message");
  });
  socket.addEventListener("close", (event) => hear(event.code, event.reason, "close frame"));
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error(`could not open ${url}`)), { once: true });
  });
  return {
    /** What the client heard within `ms` of `since`, or undefined. */
    async ended(since: number, ms = WITHIN_A_SECOND) {
      while (!heard && Date.now() - since < ms) await new Promise((resolve) => setTimeout(resolve, 20));
      socket.close();
      return heard && heard.at - since <= ms ? { code: heard.code, reason: heard.reason } : undefined;
    },
  };
}
