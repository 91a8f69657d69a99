import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";
import { api } from "./api";

// A software passkey for the workerd tests: what a phone's authenticator does (a P-256 key, "none"
// attestation, a counter), so the API's passkey routes can be driven without a browser. The browser suite
// uses Chromium's own virtual authenticator instead (tests/e2e/staff-passkeys.test.ts).

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};
const sha256 = async (bytes: Uint8Array<ArrayBuffer>) =>
  new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
const utf8 = (text: string) => new Uint8Array(new TextEncoder().encode(text));
const uint32 = (n: number) => new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

/** WebCrypto signs ECDSA as r‖s; WebAuthn wants the ASN.1 DER form. */
function derSignature(raw: Uint8Array) {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const trimmed = bytes.slice(i);
    const padded = (trimmed[0] ?? 0) & 0x80 ? concat(new Uint8Array([0]), trimmed) : trimmed;
    return concat(new Uint8Array([0x02, padded.length]), padded);
  };
  const body = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(new Uint8Array([0x30, body.length]), body);
}

export class SoftPasskey {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  counter = 0;
  userHandle: string | undefined;
  private keys: Promise<CryptoKeyPair> = crypto.subtle.generateKey(
    { name: "ECDSA", namedCurve: "P-256" },
    true,
    ["sign", "verify"],
  ) as Promise<CryptoKeyPair>;

  constructor(
    readonly origin = "http://clocked.test",
    readonly userVerified = true,
  ) {}

  get id() {
    return isoBase64URL.fromBuffer(this.credentialId);
  }

  private clientData(type: string, challenge: string) {
    return utf8(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  private async authData(rpId: string, attested?: Uint8Array) {
    // User present, user verified (when it is), attested credential data (when making one).
    const flags = 0x01 | (this.userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
    return concat(
      await sha256(utf8(rpId)),
      new Uint8Array([flags]),
      uint32(this.counter),
      attested ?? new Uint8Array(),
    );
  }

  /** Makes the passkey, as navigator.credentials.create would. */
  async register(options: PublicKeyCredentialCreationOptionsJSON): Promise<RegistrationResponseJSON> {
    this.userHandle = options.user.id;
    const jwk = (await crypto.subtle.exportKey("jwk", (await this.keys).publicKey)) as JsonWebKey;
    const coseKey = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x ?? "")],
      [-3, isoBase64URL.toBuffer(jwk.y ?? "")],
    ]);
    const attested = concat(
      new Uint8Array(16),
      new Uint8Array([0, this.credentialId.length]),
      this.credentialId,
      isoCBOR.encode(coseKey),
    );
    const authData = await this.authData(options.rp.id ?? "", attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(this.clientData("webauthn.create", options.challenge)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
    };
  }

  /** Signs a sign-in challenge, as navigator.credentials.get would. */
  async signIn(
    options: PublicKeyCredentialRequestOptionsJSON,
    rpId = "clocked.test",
  ): Promise<AuthenticationResponseJSON> {
    this.counter += 1;
    const authData = await this.authData(options.rpId ?? rpId);
    const clientData = this.clientData("webauthn.get", options.challenge);
    const signed = concat(authData, await sha256(clientData));
    const raw = new Uint8Array(
      await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, (await this.keys).privateKey, signed),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientData),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(derSignature(raw)),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      clientExtensionResults: {},
    };
  }
}

/** Adds a new software passkey to the signed-in staff member, through the API as the app does. */
export async function addPasskey(token: string, passkey = new SoftPasskey()) {
  const options = await api("POST", "/api/staff/me/passkeys/options", { token });
  if (options.status !== 200) throw new Error(`passkey options: ${options.status}`);
  const body = await passkey.register(options.body as unknown as PublicKeyCredentialCreationOptionsJSON);
  const added = await api("POST", "/api/staff/me/passkeys", { token, body });
  if (added.status !== 201) throw new Error(`passkey: ${added.status} ${JSON.stringify(added.body)}`);
  return { passkey, id: String(added.body.id) };
}
