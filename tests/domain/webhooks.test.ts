import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import {
  OUTBOUND_URL_NOT_HTTPS,
  OUTBOUND_URL_PRIVATE,
  outboundUrlProblem,
} from "../../worker/domain/outbound-url";
import { MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, retryDelaySeconds } from "../../worker/domain/webhook-retries";
import { isWebhookSecret, newWebhookSecret, webhookSignature } from "../../worker/domain/webhook-signature";

// Webhooks' pure rules (docs/webhooks.md): signatures the Standard Webhooks reference library accepts, the retry
// schedule, and the addresses a production Worker refuses to call.

const message = (body: string) => ({ id: "msg_2Kq1XjZ3Yw", timestamp: Math.floor(Date.now() / 1000), body });
const headersOf = (m: { id: string; timestamp: number }, signature: string) => ({
  "webhook-id": m.id,
  "webhook-timestamp": String(m.timestamp),
  "webhook-signature": signature,
});

describe("a webhook's signature", () => {
  it("is verified by the Standard Webhooks reference library, and refused once the body changes", async () => {
    const secret = newWebhookSecret();
    expect(isWebhookSecret(secret)).toBe(true);
    const body = JSON.stringify({
      type: "employee.created",
      timestamp: new Date().toISOString(),
      data: { id: "e1" },
    });
    const sent = message(body);
    const signature = await webhookSignature([secret], sent);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new Webhook(secret).verify(body, headersOf(sent, signature))).toEqual(JSON.parse(body));
    expect(() => new Webhook(secret).verify(`${body} `, headersOf(sent, signature))).toThrow();
    expect(() => new Webhook(newWebhookSecret()).verify(body, headersOf(sent, signature))).toThrow();
  });

  it("carries both secrets while a rotated one still signs, each verifying on its own", async () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const sent = message('{"type":"rota.published"}');
    const signature = await webhookSignature([current, previous], sent);
    expect(signature.split(" ")).toHaveLength(2);
    for (const secret of [current, previous]) {
      expect(new Webhook(secret).verify(sent.body, headersOf(sent, signature))).toEqual({
        type: "rota.published",
      });
    }
  });
});

describe("a failed delivery", () => {
  it("is tried again with growing waits for about a day, each within the queue's 12 hours", () => {
    expect(RETRY_DELAYS_SECONDS.every((s, i) => i === 0 || s >= (RETRY_DELAYS_SECONDS[i - 1] ?? 0))).toBe(
      true,
    );
    expect(Math.max(...RETRY_DELAYS_SECONDS)).toBeLessThanOrEqual(12 * 3600);
    const total = RETRY_DELAYS_SECONDS.reduce((sum, s) => sum + s, 0);
    expect(total / 3600).toBeGreaterThan(20);
    expect(total / 3600).toBeLessThan(30);
    expect(retryDelaySeconds(1)).toBe(5);
    expect(retryDelaySeconds(MAX_ATTEMPTS)).toBeNull();
  });
});

describe("an address a webhook may be sent to, in production", () => {
  it.each([
    ["http://127.0.0.1/hook", OUTBOUND_URL_NOT_HTTPS],
    ["https://127.0.0.1/hook", OUTBOUND_URL_PRIVATE],
    ["https://2130706433/hook", OUTBOUND_URL_PRIVATE],
    ["https://0x7f000001/hook", OUTBOUND_URL_PRIVATE],
    ["https://10.20.30.40/hook", OUTBOUND_URL_PRIVATE],
    ["https://172.16.0.1/hook", OUTBOUND_URL_PRIVATE],
    ["https://192.168.1.10/hook", OUTBOUND_URL_PRIVATE],
    ["https://169.254.169.254/latest/meta-data", OUTBOUND_URL_PRIVATE],
    ["https://100.64.0.1/hook", OUTBOUND_URL_PRIVATE],
    ["https://[::1]/hook", OUTBOUND_URL_PRIVATE],
    ["https://[::ffff:127.0.0.1]/hook", OUTBOUND_URL_PRIVATE],
    ["https://[fd00::1]/hook", OUTBOUND_URL_PRIVATE],
    ["https://[fe80::1]/hook", OUTBOUND_URL_PRIVATE],
    ["https://localhost/hook", OUTBOUND_URL_PRIVATE],
  ])("refuses %s", (url, problem) => {
    expect(outboundUrlProblem(url, true)).toBe(problem);
  });

  it("allows a public https address, and any http(s) address in development", () => {
    expect(outboundUrlProblem("https://hooks.example.com/clocked", true)).toBeNull();
    expect(outboundUrlProblem("https://93.184.215.14/clocked", true)).toBeNull();
    expect(outboundUrlProblem("http://127.0.0.1:8787/hook", false)).toBeNull();
    expect(outboundUrlProblem("ftp://example.com/", false)).not.toBeNull();
    expect(outboundUrlProblem("https://user:pass@example.com/", true)).not.toBeNull();
  });
});
