import { env } from "cloudflare:workers";
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
