import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { app } from "../../../worker/app";
import { randomAddress } from "../../support/api";

export type Answer = { status: number; text: string; json: unknown; headers: Headers };

export type Call = {
  method: string;
  path: string;
  /** The whole Authorization header, sent as given. */
  authorization?: string;
  /** Sent as is: no JSON encoding here, so malformed bodies stay malformed. */
  raw?: string | Uint8Array | FormData;
  contentType?: string | null;
  headers?: Record<string, string>;
  /** Runs the app with these bindings instead of the test configuration's (e.g. with Stripe configured). */
  workerEnv?: Env;
};

/** One request to the Worker, answered as text and, when it parses, JSON. */
export async function send(request: Call): Promise<Answer> {
  const headers: Record<string, string> = { "CF-Connecting-IP": randomAddress(), ...request.headers };
  if (request.authorization !== undefined) headers.Authorization = request.authorization;
  if (request.contentType) headers["Content-Type"] = request.contentType;
  const hasBody = request.raw !== undefined && request.method !== "GET" && request.method !== "HEAD";
  const init = { method: request.method, headers, body: hasBody ? request.raw : undefined };
  const url = `http://clocked.test${request.path}`;
  let response: Response;
  if (request.workerEnv) {
    const ctx = createExecutionContext();
    response = await app.fetch(new Request(url, init), request.workerEnv, ctx);
    await waitOnExecutionContext(ctx);
  } else {
    response = await exports.default.fetch(url, init);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, headers: response.headers };
}

export const bearer = (token: string) => `Bearer ${token}`;

/** The API's one error shape: `{ "detail": "<a sentence>" }`. */
export const isErrorBody = (json: unknown): json is { detail: string } =>
  typeof json === "object" &&
  json !== null &&
  "detail" in json &&
  typeof json.detail === "string" &&
  json.detail.length > 0;

/** What a failed expectation shows: enough to replay the request by hand. */
export const summary = (request: Call, answer: Answer) => ({
  request: `${request.method} ${request.path}`,
  status: answer.status,
  answer: answer.text.slice(0, 300),
});

/**
 * Percent-encodes text for a path segment or a query value, a lone surrogate as the bytes a careless client
 * would send for it (%ED%A0%80…), which encodeURIComponent refuses to write.
 */
export const percentEncode = (text: string) =>
  [...text]
    .map((char) => {
      const unit = char.charCodeAt(0);
      if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join("");
      }
      return encodeURIComponent(char);
    })
    .join("");
