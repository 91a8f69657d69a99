import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { handleOpenAi } from "./fake-openai";
import { handlePush } from "./fake-push";
import { handleStripe } from "./fake-stripe";
import { handleWebhookReceiver } from "./fake-webhook-receiver";
import { FAKE_XERO_PREFIX, handleXero } from "./fake-xero";

// A local stand-in for outside HTTP APIs (e-mail, Stripe, OpenAI, Web Push), speaking their wire format on
// 127.0.0.1. Tests inside workerd reach it over real HTTP and read back what it received.
type Received = { method: string; path: string; headers: Record<string, string>; body: string };

declare module "vitest" {
  export interface ProvidedContext {
    fakeServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const received: Received[] = [];
  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const body = raw.toString("utf8");
    const path = req.url ?? "/";
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    // Stripe keeps its own state and log (fake-stripe.ts): /__reset is for the e-mail tests.
    if (path.startsWith("/v1/") || path.startsWith("/__stripe/")) {
      return handleStripe(req.method ?? "GET", path, req.headers, body, send);
    }
    if (path.startsWith("/openai/") || path.startsWith("/__openai/")) {
      return handleOpenAi(req.method ?? "GET", path, req.headers.authorization, body, send);
    }
    // Web Push: binary bodies, its own state (fake-push.ts).
    if (path.startsWith("/push/") || path.startsWith("/__push/")) {
      return handlePush(req.method ?? "GET", path, req.headers, raw, send);
    }
    // A customer's webhook receivers (fake-webhook-receiver.ts).
    if (path.startsWith("/hooks/") || path.startsWith("/__hooks/")) {
      return handleWebhookReceiver(req.method ?? "GET", path, req.headers, body, send, (location) => {
        res.writeHead(302, { Location: location });
        res.end();
      });
    }
    // Xero's identity, connections and Payroll UK (fake-xero.ts).
    if (path.startsWith(`${FAKE_XERO_PREFIX}/`)) {
      return handleXero(req.method ?? "GET", path, req.headers, body, (status, headers, text) => {
        res.writeHead(status, headers);
        res.end(text);
      });
    }
    if (path === "/__received") return send(200, received);
    if (path === "/__reset") {
      received.length = 0;
      return send(200, { ok: true });
    }
    received.push({
      method: req.method ?? "GET",
      path,
      headers: req.headers as Record<string, string>,
      body,
    });
    // Resend-compatible e-mail API: POST /emails with a bearer key.
    if (path === "/emails" && req.method === "POST") {
      if (req.headers.authorization !== "Bearer re_test_key")
        return send(401, { message: "API key is invalid" });
      return send(200, { id: `email_${received.length}` });
    }
    if (path === "/emails-failing") return send(500, { message: "Internal error" });
    send(404, { message: "Not found" });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  project.provide("fakeServerUrl", `http://127.0.0.1:${port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
