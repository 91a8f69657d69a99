import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { OUTBOUND_URL_NOT_HTTPS, OUTBOUND_URL_PRIVATE } from "../../worker/domain/outbound-url";
import { api, createManager } from "../support/api";

// Webhook endpoints as a deployed Worker takes them (docs/security.md, "Outbound requests"): only https on the
// public internet, refused when saved and again when an address stored earlier comes to be sent to.

const create = (token: string, url: string) =>
  api("POST", "/api/manager/webhooks", { token, body: { url, events: ["employee.created"] } });

describe("a webhook endpoint in production", () => {
  it.each([
    ["http://hooks.example.com/clocked", OUTBOUND_URL_NOT_HTTPS],
    ["https://127.0.0.1/hook", OUTBOUND_URL_PRIVATE],
    ["https://10.0.0.8/hook", OUTBOUND_URL_PRIVATE],
    ["https://169.254.169.254/latest/meta-data/", OUTBOUND_URL_PRIVATE],
    ["https://[::1]/hook", OUTBOUND_URL_PRIVATE],
    ["https://localhost/hook", OUTBOUND_URL_PRIVATE],
  ])("refuses %s with a sentence, and stores nothing", async (url, detail) => {
    const manager = await createManager();
    const refused = await create(manager.token, url);
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(detail);
    const stored = await env.DB.prepare("SELECT count(*) AS n FROM webhook_endpoints WHERE user_id = ?")
      .bind(manager.id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("accepts a public https address, and never sends to a private one stored before the rule", async () => {
    const manager = await createManager();
    const made = await create(manager.token, "https://hooks.example.com/clocked");
    expect(made.status).toBe(201);
    const id = String((made.body.endpoint as { id: string }).id);
    // Stored before the rule, or changed in the database: the check before each request still refuses it.
    await env.DB.prepare("UPDATE webhook_endpoints SET url = ? WHERE id = ?")
      .bind(`${env.FAKE_SERVER_URL}/hooks/prod`, id)
      .run();
    await api("POST", `/api/manager/webhooks/${id}/test`, { token: manager.token });
    await expect
      .poll(
        async () => {
          const log = await api("GET", `/api/manager/webhooks/${id}/deliveries`, { token: manager.token });
          return (log.body.deliveries as { last_error: string | null }[])[0]?.last_error;
        },
        { timeout: 10_000 },
      )
      .toBe(OUTBOUND_URL_NOT_HTTPS);
    const received = await (await fetch(`${env.FAKE_SERVER_URL}/__hooks/prod`)).json();
    expect(received).toEqual([]);
  });
});
