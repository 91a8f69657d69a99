import { describe, expect, it } from "vitest";
import {
  PASSKEY_EXPIRED,
  PASSKEY_NOT_ACCEPTED,
  PASSKEY_UNKNOWN,
  type PasskeyRegistrationOptions,
  type PasskeySignInOptions,
} from "../../worker/contracts/staff-passkeys";
import { api, client, outboxCount } from "../support/api";
import { RAVI } from "../support/kiosk";
import { addPasskey, SoftPasskey } from "../support/passkey-authenticator";
import { staffMe, staffSessionFor, staffShop } from "../support/staff";

// Staff add a passkey from the app, then sign in with the phone's fingerprint or face instead of an e-mailed
// code (docs/staff-app.md, "Signing in").

async function signInOptions(call = api) {
  const options = await call("POST", "/api/staff/auth/passkey/options");
  expect(options.status).toBe(200);
  return options.body as unknown as PasskeySignInOptions;
}

const verify = (body: unknown, call = api) => call("POST", "/api/staff/auth/passkey/verify", { body });

describe("adding a passkey and signing in with it", () => {
  it("signs the staff member in with the passkey, and sends no e-mail", async () => {
    const { employee, staff } = await staffShop();
    const { passkey } = await addPasskey(staff.token);
    const listed = await api("GET", "/api/staff/me/passkeys", { token: staff.token });
    expect(listed.body.passkeys).toHaveLength(1);

    const mailBefore = await outboxCount(staff.email);
    const signedIn = await verify(await passkey.signIn(await signInOptions()));
    expect(signedIn.status).toBe(200);
    const me = await staffMe(String(signedIn.body.session_id));
    expect(me.employee_id).toBe(employee.id);
    expect(await outboxCount(staff.email)).toBe(mailBefore);
    const used = await api("GET", "/api/staff/me/passkeys", { token: staff.token });
    expect((used.body.passkeys as { last_used_at: number | null }[])[0]?.last_used_at).toBeGreaterThan(0);
  });

  it("offers the phone only a challenge of its own, with the fingerprint or face required", async () => {
    const { staff } = await staffShop();
    const options = await api("POST", "/api/staff/me/passkeys/options", { token: staff.token });
    expect(options.body).toMatchObject({
      rp: { id: "clocked.test", name: "Clocked" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
    });
    const again = await api("POST", "/api/staff/me/passkeys/options", { token: staff.token });
    expect(again.body.challenge).not.toBe(options.body.challenge);
  });
});

describe("a passkey sign-in is refused", () => {
  it("when the same answer is sent twice", async () => {
    const { staff } = await staffShop();
    const { passkey } = await addPasskey(staff.token);
    const answer = await passkey.signIn(await signInOptions());
    expect((await verify(answer)).status).toBe(200);
    const replayed = await verify(answer);
    expect(replayed.status).toBe(400);
    expect(replayed.body.detail).toBe(PASSKEY_EXPIRED);
  });

  it("for a passkey that was never added here", async () => {
    await staffShop();
    const stranger = new SoftPasskey();
    const refused = await verify(await stranger.signIn(await signInOptions()));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PASSKEY_UNKNOWN);
  });

  it("when the signature is not the passkey's", async () => {
    const { staff } = await staffShop();
    const { passkey } = await addPasskey(staff.token);
    const answer = await passkey.signIn(await signInOptions());
    const forged = await passkey.signIn(await signInOptions());
    // The right passkey's id and a fresh challenge, with a signature made for another challenge.
    const refused = await verify({
      ...forged,
      response: { ...forged.response, signature: answer.response.signature },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PASSKEY_NOT_ACCEPTED);
  });

  it("when the phone did not check a fingerprint or face", async () => {
    const { staff } = await staffShop();
    const { passkey } = await addPasskey(staff.token);
    const careless = Object.assign(Object.create(Object.getPrototypeOf(passkey)), passkey, {
      userVerified: false,
    }) as SoftPasskey;
    const refused = await verify(await careless.signIn(await signInOptions()));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PASSKEY_NOT_ACCEPTED);
  });

  it("when a challenge made for adding a passkey is used to sign in", async () => {
    const { staff } = await staffShop();
    const { passkey } = await addPasskey(staff.token);
    const options = await api("POST", "/api/staff/me/passkeys/options", { token: staff.token });
    const refused = await verify(await passkey.signIn(options.body as unknown as PasskeySignInOptions));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PASSKEY_EXPIRED);
  });

  it("for an employee who was archived", async () => {
    const { staff, employee, manager } = await staffShop();
    const { passkey } = await addPasskey(staff.token);
    await api("DELETE", `/api/manager/employees/${employee.id}`, { token: manager.token });
    const refused = await verify(await passkey.signIn(await signInOptions()));
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PASSKEY_UNKNOWN);
  });

  it("after too many tries from one network, with Retry-After", async () => {
    const call = client();
    let last = await call("POST", "/api/staff/auth/passkey/options");
    for (let i = 0; i < 60 && last.status === 200; i++)
      last = await call("POST", "/api/staff/auth/passkey/options");
    expect(last.status).toBe(429);
    expect(Number(last.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("adding a passkey is refused", () => {
  it("for an answer to another staff member's challenge", async () => {
    const { staff, manager, locationId } = await staffShop();
    const ravi = await api("POST", `/api/manager/employees/${locationId}`, {
      token: manager.token,
      body: RAVI,
    });
    const raviSession = await staffSessionFor(String((ravi.body.employee as { id: string }).id));
    const options = await api("POST", "/api/staff/me/passkeys/options", { token: staff.token });
    const answer = await new SoftPasskey().register(options.body as unknown as PasskeyRegistrationOptions);
    const refused = await api("POST", "/api/staff/me/passkeys", { token: raviSession.token, body: answer });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PASSKEY_EXPIRED);
  });

  it("for an answer from another site", async () => {
    const { staff } = await staffShop();
    const options = await api("POST", "/api/staff/me/passkeys/options", { token: staff.token });
    const phishing = new SoftPasskey("https://clocked.example");
    const answer = await phishing.register(options.body as unknown as PasskeyRegistrationOptions);
    const refused = await api("POST", "/api/staff/me/passkeys", { token: staff.token, body: answer });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toBe(PASSKEY_NOT_ACCEPTED);
  });
});

describe("removing a passkey", () => {
  it("stops it signing in", async () => {
    const { staff } = await staffShop();
    const { passkey, id } = await addPasskey(staff.token);
    expect((await api("DELETE", `/api/staff/me/passkeys/${id}`, { token: staff.token })).status).toBe(200);
    expect((await api("GET", "/api/staff/me/passkeys", { token: staff.token })).body.passkeys).toEqual([]);
    const refused = await verify(await passkey.signIn(await signInOptions()));
    expect(refused.body.detail).toBe(PASSKEY_UNKNOWN);
  });

  it("answers 404 for another staff member's passkey, and leaves it", async () => {
    const jane = await staffShop();
    const other = await staffShop();
    const { id } = await addPasskey(jane.staff.token);
    const refused = await api("DELETE", `/api/staff/me/passkeys/${id}`, { token: other.staff.token });
    expect(refused.status).toBe(404);
    expect(
      (await api("GET", "/api/staff/me/passkeys", { token: jane.staff.token })).body.passkeys,
    ).toHaveLength(1);
  });
});
