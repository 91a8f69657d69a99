import type { IncomingHttpHeaders } from "node:http";

// A customer's webhook receiver on the fake server (docs/webhooks.md). POST /hooks/<name> is a receiver: it keeps
// every request (headers and the raw body, to verify signatures against) and answers as its script says:
// POST /__hooks/<name>/script with {"fail": n} answers 500 to the next n requests, {"redirect": true} answers
// 302 to every request, {"hang_ms": n} waits n ms before answering. GET /__hooks/<name> answers what arrived.

type Script = { fail: number; redirect: boolean; hangMs: number };
type Arrival = { headers: IncomingHttpHeaders; body: string; at: number; answered: number };

const receivers = new Map<string, { script: Script; arrivals: Arrival[] }>();
type Send = (status: number, payload: unknown) => void;

function receiver(name: string) {
  let found = receivers.get(name);
  if (!found) {
    found = { script: { fail: 0, redirect: false, hangMs: 0 }, arrivals: [] };
    receivers.set(name, found);
  }
  return found;
}

export async function handleWebhookReceiver(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: string,
  send: Send,
  redirect: (location: string) => void,
) {
  const control = /^\/__hooks\/([\w-]+)(\/script)?$/.exec(path);
  if (control?.[1]) {
    const found = receiver(control[1]);
    if (control[2] && method === "POST") {
      const asked = JSON.parse(body) as { fail?: number; redirect?: boolean; hang_ms?: number };
      found.script = { fail: asked.fail ?? 0, redirect: asked.redirect ?? false, hangMs: asked.hang_ms ?? 0 };
      return send(200, { ok: true });
    }
    return send(200, found.arrivals);
  }
  const name = /^\/hooks\/([\w-]+)$/.exec(path)?.[1];
  if (!name || method !== "POST") return send(404, { message: "Not found" });
  const found = receiver(name);
  const { script } = found;
  const answered = script.redirect ? 302 : script.fail > 0 ? 500 : 204;
  found.arrivals.push({ headers, body, at: Date.now(), answered });
  if (script.hangMs > 0) await new Promise((resolve) => setTimeout(resolve, script.hangMs));
  if (script.redirect) return redirect(`/hooks/${name}-elsewhere`);
  if (script.fail > 0) {
    script.fail -= 1;
    return send(500, { message: "Receiver is down" });
  }
  send(204, null);
}
