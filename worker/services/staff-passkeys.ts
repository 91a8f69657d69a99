import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import { isoBase64URL } from "@simplewebauthn/server/helpers";
import {
  PASSKEY_EXPIRED,
  PASSKEY_LIMIT,
  PASSKEY_NOT_ACCEPTED,
  PASSKEY_UNKNOWN,
} from "../contracts/staff-passkeys";
import type { Db } from "../db/client";
import {
  claimChallenge,
  MAX_PASSKEYS_PER_EMPLOYEE,
  markPasskeyUsed,
  type NewPasskey,
  type PasskeyPurpose,
  passkeyForSignIn,
  passkeysOf,
  type StaffPasskeyRow,
  saveChallenge,
} from "../db/staff-passkeys";
import type { SignedInStaff } from "../db/staff-sessions";
import { isDevelopment, NOT_CONFIGURED } from "../lib/config";
import { ApiError, badRequest } from "../lib/errors";

// Passkeys for the staff app (docs/staff-app.md, "Signing in"), with @simplewebauthn/server: a phone's
// fingerprint or face instead of an e-mailed code. Every challenge is the server's, one use, five minutes.

/** Who the passkeys belong to: the site the phone shows when it asks for a fingerprint. */
export type RelyingParty = { name: string; id: string; origin: string };

/**
 * In production, only APP_URL says where the app lives: a request's Host or Origin header is the caller's
 * to choose, and a passkey bound to a name the caller picked would be worthless. In development the
 * request's own address (the tests' dev servers listen on random ports).
 */
export function relyingParty(env: Env, requestUrl: string): RelyingParty {
  let url: URL;
  try {
    url = new URL(isDevelopment(env) ? requestUrl : env.APP_URL);
  } catch {
    console.error("APP_URL is missing or not a URL: staff passkeys need it");
    throw new ApiError(503, NOT_CONFIGURED);
  }
  return { name: "Clocked", id: url.hostname, origin: url.origin };
}

/** The user handle the phone keeps: the employee's id, which is opaque (no name, no address). */
const userHandleOf = (employeeId: string) => isoBase64URL.fromUTF8String(employeeId);

const transportsOf = (row: StaffPasskeyRow) => JSON.parse(row.transports) as AuthenticatorTransport[];

/** What the phone needs to make a passkey for the signed-in staff member; not one they have already. */
export async function registrationOptions(db: Db, rp: RelyingParty, staff: SignedInStaff) {
  const existing = await passkeysOf(db, staff.employeeId);
  if (existing.length >= MAX_PASSKEYS_PER_EMPLOYEE) throw badRequest(PASSKEY_LIMIT);
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: staff.email,
    userDisplayName: `${staff.firstName} ${staff.lastName}`,
    userID: isoBase64URL.toBuffer(userHandleOf(staff.employeeId)),
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: transportsOf(row) })),
    // A discoverable passkey, so signing in needs no address typed; the fingerprint or face is required.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await saveChallenge(db, options.challenge, "register", staff.employeeId);
  return options;
}

/** The challenge the browser signed, from its client data; a garbled one is no challenge. */
function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof parsed.challenge === "string") return parsed.challenge;
  } catch {
    // Falls through: not JSON, or not base64url.
  }
  throw badRequest(PASSKEY_NOT_ACCEPTED);
}

async function claim(db: Db, clientDataJSON: string, purpose: PasskeyPurpose, employeeId: string | null) {
  const challenge = challengeOf(clientDataJSON);
  if (!(await claimChallenge(db, challenge, purpose, employeeId))) throw badRequest(PASSKEY_EXPIRED);
  return challenge;
}

/** Checks the phone's new passkey against its challenge, and says what to store. */
export async function verifiedRegistration(
  db: Db,
  rp: RelyingParty,
  staff: SignedInStaff,
  response: RegistrationResponseJSON,
): Promise<NewPasskey> {
  const challenge = await claim(db, response.response.clientDataJSON, "register", staff.employeeId);
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw badRequest(PASSKEY_NOT_ACCEPTED);
  const { credential } = verification.registrationInfo;
  return {
    credentialId: credential.id,
    employeeId: staff.employeeId,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
  };
}

/** What the phone needs to sign in with any passkey it holds for this site. */
export async function signInOptions(db: Db, rp: RelyingParty) {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: "required" });
  await saveChallenge(db, options.challenge, "sign-in", null);
  return options;
}

/**
 * Checks a sign-in: a live challenge of ours, a passkey we know whose owner may still sign in, a valid
 * signature with the fingerprint or face checked, and a counter that moved on. Answers the employee's id.
 */
export async function verifiedSignIn(db: Db, rp: RelyingParty, response: AuthenticationResponseJSON) {
  const challenge = await claim(db, response.response.clientDataJSON, "sign-in", null);
  const passkey = await passkeyForSignIn(db, response.id);
  if (!passkey) throw badRequest(PASSKEY_UNKNOWN);
  // The phone names the passkey's owner too: it must be the one the passkey was made for.
  const { userHandle } = response.response;
  if (userHandle && userHandle !== userHandleOf(passkey.employeeId)) throw badRequest(PASSKEY_NOT_ACCEPTED);
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credentialId,
      publicKey: isoBase64URL.toBuffer(passkey.publicKey),
      counter: passkey.counter,
      transports: transportsOf(passkey),
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verification?.verified) throw badRequest(PASSKEY_NOT_ACCEPTED);
  if (!(await markPasskeyUsed(db, passkey, verification.authenticationInfo.newCounter))) {
    throw badRequest(PASSKEY_NOT_ACCEPTED);
  }
  return passkey.employeeId;
}
