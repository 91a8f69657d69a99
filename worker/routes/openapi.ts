import type { Handler } from "hono";
import { openApiDocument } from "../openapi/document";
import type { RouterEntry } from "../openapi/route-table";
import type { AppEnv } from "../types";

// GET /api/openapi.json: the API's own description, public and cacheable. It changes only with a deploy,
// so it is built once per isolate and revalidated by its ETag.

const MAX_AGE_SECONDS = 300;

type Built = { body: string; etag: string };

async function build(entries: readonly RouterEntry[]): Promise<Built> {
  const body = JSON.stringify(openApiDocument(entries));
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(body));
  const hex = [...new Uint8Array(digest).slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return { body, etag: `"${hex}"` };
}

/** The handler, given the app's route list (read on first call, once every route is mounted). */
export function openApiRoute(routes: () => readonly RouterEntry[]): Handler<AppEnv> {
  let built: Promise<Built> | undefined;
  return async (c) => {
    built ??= build(routes());
    const { body, etag } = await built;
    const headers = { "Cache-Control": `public, max-age=${MAX_AGE_SECONDS}`, ETag: etag };
    const wanted = c.req
      .header("If-None-Match")
      ?.split(",")
      .map((tag) => tag.trim().replace(/^W\//, ""));
    if (wanted?.includes(etag) || wanted?.includes("*")) return c.body(null, 304, headers);
    return c.body(body, 200, { ...headers, "Content-Type": "application/json; charset=utf-8" });
  };
}
