import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { FORGOT_PASSWORD_MESSAGE } from "../../worker/contracts/auth";
import { api, createManager, latestCode, outboxCount, STRONG_PASSWORD, uniqueEmail } from "../support/api";

const NEW_PASSWORD = "Fresh&Start42";

async function requestReset(email: string) {
  const response = await api("POST", "/api/auth/forgot-password", { body: { email } });
  expect(response.status).toBe(200);
  return response;
}

describe("forgot password", () => {
  it("answers known and unknown addresses identically, and e-mails only the known one", async () => {
    const manager = await createManager();
    const stranger = uniqueEmail();
    const known = await requestReset(manager.email);
    const unknown = await requestReset(stranger);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(unknown.body).toEqual(known.body);
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());

    expect(await latestCode(manager.email)).toMatch(/^\d{6}$/);
    expect(await latestCode(stranger, 300)).toBeNull();
  });

  it("resets the password, signs out every session and lets the new password in", async () => {
    const manager = await createManager();
    await requestReset(manager.email);
    const code = await latestCode(manager.email);
    const reset = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email.toUpperCase(), verification_code: code, new_password: NEW_PASSWORD },
    });
    expect(reset.status).toBe(200);

    expect((await api("GET", "/api/manager/locations", { token: manager.token })).status).toBe(401);
    const oldPassword = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: STRONG_PASSWORD },
    });
    expect(oldPassword.status).toBe(401);
    const newPassword = await api("POST", "/api/auth/login", {
      body: { email_or_name: manager.email, password: NEW_PASSWORD },
    });
    expect(newPassword.status).toBe(200);

    const reused = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email, verification_code: code, new_password: "Another!Pass9" },
    });
    expect(reused).toMatchObject({
      status: 400,
      body: { detail: "Invalid or expired code. Please try again." },
    });
  });

  it("refuses a weak new password, a mismatched confirmation and an expired code", async () => {
    const manager = await createManager();
    await requestReset(manager.email);
    const code = await latestCode(manager.email);
    const weak = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email, verification_code: code, new_password: "weakpass" },
    });
    expect(weak).toMatchObject({ status: 400, body: { detail: "Password must meet all requirements." } });
    const mismatch = await api("POST", "/api/auth/reset-password", {
      body: {
        email: manager.email,
        verification_code: code,
        new_password: NEW_PASSWORD,
        confirm_password: "x",
      },
    });
    expect(mismatch).toMatchObject({ status: 400, body: { detail: "Passwords do not match." } });

    await env.DB.prepare("UPDATE verification_codes SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1, manager.id)
      .run();
    const expired = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email, verification_code: code, new_password: NEW_PASSWORD },
    });
    expect(expired).toMatchObject({
      status: 400,
      body: { detail: "Invalid or expired code. Please try again." },
    });
  });

  it("stops after 5 wrong codes", async () => {
    const manager = await createManager();
    await requestReset(manager.email);
    const code = (await latestCode(manager.email)) as string;
    const wrong = code === "123456" ? "654321" : "123456";
    for (let i = 0; i < 5; i++) {
      await api("POST", "/api/auth/reset-password", {
        body: { email: manager.email, verification_code: wrong, new_password: NEW_PASSWORD },
      });
    }
    const right = await api("POST", "/api/auth/reset-password", {
      body: { email: manager.email, verification_code: code, new_password: NEW_PASSWORD },
    });
    expect(right).toMatchObject({
      status: 400,
      body: { detail: "Too many incorrect attempts. Please request a new code." },
    });
  });

  it("sends at most one code a minute per address, silently", async () => {
    const manager = await createManager();
    await requestReset(manager.email);
    await latestCode(manager.email);
    const again = await requestReset(manager.email);
    expect(again.body).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await outboxCount(manager.email)).toBe(1);
  });
});
