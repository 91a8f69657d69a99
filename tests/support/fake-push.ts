import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

// A fake push service and the browser behind it (docs/staff-app.md, "Notifications"), on the fake server.
// POST /__push/subscribe makes a subscription as a browser would (its own P-256 key pair and auth secret,
// for the application server key given); a message to its endpoint must carry a valid VAPID JWT (RFC 8292)
// for that key, and is decrypted with the subscription's private key (RFC 8291, aes128gcm) before it is kept.
// GET /__push/received/<id> answers what arrived, decrypted; POST /__push/gone/<id> makes the service answer 410.

type Subscription = {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  serverKey: string;
  gone: boolean;
  received: { payload: unknown; claims: Record<string, unknown> }[];
  refused: string[];
};

const subscriptions = new Map<string, Subscription>();
type Send = (status: number, payload: unknown) => void;

const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();
const hkdf = (salt: Buffer, ikm: Buffer, info: Buffer, length: number) =>
  hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);

/** RFC 8291 as a browser decrypts it: one aes128gcm record, padding and its delimiter removed. */
function decrypt(subscription: Subscription, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = subscription.ecdh.getPublicKey();
  const ecdhSecret = subscription.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = hkdf(subscription.auth, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from("Content-Encoding: aes128gcm\0"), 16);
  const nonce = hkdf(salt, ikm, Buffer.from("Content-Encoding: nonce\0"), 12);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error("no last-record delimiter");
  return plain.subarray(0, end).toString("utf8");
}

/** RFC 8292: `vapid t=<JWT>, k=<key>`, the key the subscription was made for, the JWT signed by it. */
function checkVapid(header: string | undefined, subscription: Subscription, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) throw new Error("no VAPID authorization");
  const [, jwt = "", key = ""] = match;
  if (key !== subscription.serverKey) throw new Error("not the application server key");
  const [head = "", claimsPart = "", signature = ""] = jwt.split(".");
  const point = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claimsPart}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("bad VAPID signature");
  const header2 = JSON.parse(Buffer.from(head, "base64url").toString("utf8")) as { alg?: string };
  if (header2.alg !== "ES256") throw new Error("not ES256");
  const claims = JSON.parse(Buffer.from(claimsPart, "base64url").toString("utf8")) as Record<string, unknown>;
  const now = Date.now() / 1000;
  if (claims.aud !== origin) throw new Error(`aud ${String(claims.aud)} is not ${origin}`);
  if (typeof claims.exp !== "number" || claims.exp <= now || claims.exp > now + 24 * 60 * 60)
    throw new Error("exp not within 24 hours");
  if (typeof claims.sub !== "string" || !/^(mailto:|https:)/.test(claims.sub)) throw new Error("no sub");
  return claims;
}

export function handlePush(
  method: string,
  path: string,
  headers: IncomingHttpHeaders,
  body: Buffer,
  send: Send,
) {
  const origin = `http://${headers.host}`;
  if (path === "/__push/subscribe" && method === "POST") {
    const { application_server_key } = JSON.parse(body.toString("utf8")) as {
      application_server_key: string;
    };
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const id = randomBytes(8).toString("hex");
    const auth = randomBytes(16);
    subscriptions.set(id, {
      ecdh,
      auth,
      serverKey: application_server_key,
      gone: false,
      received: [],
      refused: [],
    });
    return send(200, {
      id,
      endpoint: `${origin}/push/${id}`,
      keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth: auth.toString("base64url") },
    });
  }
  const [, kind, action, id = ""] = path.split("/");
  if (kind === "__push" && action === "received") {
    const subscription = subscriptions.get(id);
    return send(200, { received: subscription?.received ?? [], refused: subscription?.refused ?? [] });
  }
  if (kind === "__push" && action === "gone") {
    const subscription = subscriptions.get(id);
    if (subscription) subscription.gone = true;
    return send(200, { ok: true });
  }
  const subscription = kind === "push" ? subscriptions.get(action ?? "") : undefined;
  if (!subscription || method !== "POST") return send(404, { message: "No such subscription" });
  if (subscription.gone) return send(410, { message: "Gone" });
  try {
    if (headers["content-encoding"] !== "aes128gcm") throw new Error("not aes128gcm");
    if (!headers.ttl) throw new Error("no TTL");
    const claims = checkVapid(headers.authorization, subscription, origin);
    subscription.received.push({ payload: JSON.parse(decrypt(subscription, body)), claims });
    send(201, {});
  } catch (error) {
    subscription.refused.push(error instanceof Error ? error.message : String(error));
    send(400, { message: "Refused" });
  }
}
