import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { z } from "zod";
import { idParam } from "./params";

// Staff passkeys (docs/staff-app.md, "Signing in"): the shapes of a browser's WebAuthn answers, as
// @simplewebauthn/browser hands them over (base64url strings). What they say is checked by the library.

const base64url = (label: string, max = 4096) =>
  z
    .string({ error: `${label} is required` })
    .max(max, `${label} is too long`)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, `${label} is not valid`);

const credentialId = base64url("The passkey's id", 1024);
const transports = z.array(z.string().max(32)).max(8).optional();
/** Extensions the browser reports: nothing here reads them, so they are dropped. */
const extensionResults = z
  .custom<object>((value) => typeof value === "object" && value !== null && !Array.isArray(value), {
    error: "clientExtensionResults must be an object",
  })
  .optional()
  .transform(() => ({}));

export const passkeyRegistrationRequest = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url("clientDataJSON"),
    attestationObject: base64url("attestationObject", 16_384),
    authenticatorData: base64url("authenticatorData").optional(),
    transports,
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url("publicKey").optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
});

export const passkeySignInRequest = z.strictObject({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  response: z.object({
    clientDataJSON: base64url("clientDataJSON"),
    authenticatorData: base64url("authenticatorData"),
    signature: base64url("signature"),
    userHandle: base64url("userHandle", 128).optional(),
  }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: extensionResults,
});

export const passkeyParams = z.object({ passkeyId: idParam("Passkey id") });

export const PASSKEY_NOT_ACCEPTED =
  "This passkey could not be checked. Please try again, or sign in with an e-mail code.";
export const PASSKEY_UNKNOWN =
  "This passkey is not known here: it may have been removed. Please sign in with an e-mail code.";
export const PASSKEY_EXPIRED = "That took too long, or was already used. Please try again.";
export const PASSKEY_ALREADY_ADDED = "This passkey is already added.";
export const PASSKEY_NOT_FOUND = "Passkey not found";
export const PASSKEY_LIMIT = "You have 10 passkeys already. Remove one you no longer use first.";
export const PASSKEY_THROTTLED = "Too many passkey sign-ins from this network. Please wait a few minutes.";

export type PasskeyRegistrationOptions = PublicKeyCredentialCreationOptionsJSON;
export type PasskeySignInOptions = PublicKeyCredentialRequestOptionsJSON;

/** One of the signed-in staff member's passkeys, as the More screen lists them. */
export type StaffPasskey = { id: string; created_at: number; last_used_at: number | null };
export type StaffPasskeysResponse = { passkeys: StaffPasskey[] };
