import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { HttpMailer, mailerFor, OutboxMailer } from "../../worker/services/email";

// The production e-mail adapter against a local server speaking the Resend wire format.
const fake = env.FAKE_SERVER_URL;
const message = { to: "owner@example.co.uk", subject: "Your code", text: "Your code is 123456." };

type Received = { method: string; path: string; headers: Record<string, string>; body: string };
const received = async () => (await (await fetch(`${fake}/__received`)).json()) as Received[];

describe("e-mail adapters", () => {
  beforeEach(async () => {
    await fetch(`${fake}/__reset`);
  });

  it("posts the message to the e-mail API with the bearer key", async () => {
    const mailer = new HttpMailer({
      apiUrl: `${fake}/emails`,
      apiKey: "re_test_key",
      from: "Clocked <a@b.uk>",
    });
    await mailer.send(message);
    const [request] = await received();
    expect(request?.method).toBe("POST");
    expect(request?.headers.authorization).toBe("Bearer re_test_key");
    expect(JSON.parse(request?.body ?? "{}")).toEqual({
      from: "Clocked <a@b.uk>",
      to: ["owner@example.co.uk"],
      subject: "Your code",
      text: "Your code is 123456.",
    });
  });

  it("sends attachments as Resend takes them: base64 content named by filename", async () => {
    const mailer = new HttpMailer({ apiUrl: `${fake}/emails`, apiKey: "re_test_key", from: "a@b.uk" });
    const content = btoa("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    await mailer.send({
      ...message,
      attachments: [{ filename: "rota.ics", contentType: "text/calendar; charset=utf-8", content }],
    });
    const [request] = await received();
    expect(JSON.parse(request?.body ?? "{}").attachments).toEqual([
      { filename: "rota.ics", content, content_type: "text/calendar; charset=utf-8" },
    ]);
  });

  it("keeps attachments in the development outbox, read back through it", async () => {
    const db = getDb(env.DB);
    const to = `outbox-${crypto.randomUUID()}@example.co.uk`;
    const content = btoa("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
    await new OutboxMailer(db).send({
      ...message,
      to,
      attachments: [{ filename: "rota.ics", contentType: "text/calendar", content }],
    });
    await new OutboxMailer(db).send({ ...message, to, subject: "Plain" });
    const response = await exports.default.fetch(
      `http://localhost/api/dev/outbox?email=${encodeURIComponent(to)}`,
    );
    const { messages } = (await response.json()) as {
      messages: { subject: string; attachments: unknown[] }[];
    };
    // Sent in the same millisecond, newest-first cannot tell them apart: by subject.
    const bySubject = [...messages].sort((a, b) => a.subject.localeCompare(b.subject));
    expect(bySubject.map((m) => [m.subject, m.attachments])).toEqual([
      ["Plain", []],
      ["Your code", [{ filename: "rota.ics", content_type: "text/calendar", content }]],
    ]);
  });

  it("fails loudly when the API refuses", async () => {
    const wrongKey = new HttpMailer({ apiUrl: `${fake}/emails`, apiKey: "wrong", from: "a@b.uk" });
    await expect(wrongKey.send(message)).rejects.toThrow("E-mail API answered 401");
    const broken = new HttpMailer({
      apiUrl: `${fake}/emails-failing`,
      apiKey: "re_test_key",
      from: "a@b.uk",
    });
    await expect(broken.send(message)).rejects.toThrow("E-mail API answered 500");
  });

  it("uses the HTTP API when a key is configured and the outbox otherwise", () => {
    const db = getDb(env.DB);
    expect(mailerFor({ ...env, EMAIL_API_KEY: "re_live" }, db)).toBeInstanceOf(HttpMailer);
    expect(mailerFor({ ...env, EMAIL_API_KEY: undefined }, db)).toBeInstanceOf(OutboxMailer);
  });
});
