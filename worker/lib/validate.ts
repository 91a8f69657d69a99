import type { Context, Env, MiddlewareHandler } from "hono";
import { validator } from "hono/validator";
import { z } from "zod";
import { ApiError } from "./errors";

/** First problem of a failed parse, as one sentence a user can act on. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Invalid request";
  if (issue.code === "unrecognized_keys") return `Unexpected field: ${issue.keys.join(", ")}`;
  const field = issue.path.join(".");
  // Our own messages stand alone; zod's generic ones need the field name to make sense.
  const generic = /^(Invalid|Too (small|big)|Expected)/.test(issue.message);
  return generic && field ? `${field}: ${issue.message}` : issue.message;
}

export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ApiError(400, describeZodError(result.error));
  return result.data;
}

// The contracts registry: each validator middleware is keyed to the contract it enforces, so whoever walks
// `app.routes` finds every route's contracts among its handlers (worker/openapi/route-table.ts does, for the
// OpenAPI document and the hostile-input suite). Validation itself does not read it.

export type BodyContract = {
  schema: z.ZodType;
  /** An absent or blank body is accepted, as `{}`. */
  optional: boolean;
};

/** What one route validates: its JSON body, its path parameters, its query string. */
export type RouteContracts = { json?: BodyContract; param?: z.ZodType; query?: z.ZodType };

const registry = new WeakMap<object, RouteContracts>();

/** The contract a handler enforces, when it is one of the validators below. */
export const contractsOf = (handler: unknown): RouteContracts | undefined =>
  typeof handler === "function" ? registry.get(handler) : undefined;

function withContract<H extends object>(contract: RouteContracts, handler: H): H {
  registry.set(handler, contract);
  return handler;
}

/**
 * A validator as the typed client sees it: what the caller sends (`in`, the schema's input) and what the
 * handler reads with `c.req.valid()` (`out`, the schema's output, transforms applied).
 */
type Validator<Target extends "json" | "param" | "query", In, Out> = MiddlewareHandler<
  Env,
  string,
  { in: { [K in Target]: In }; out: { [K in Target]: Out } }
>;

/**
 * Hono's validator for `target`. `parse` reads the request itself and throws an ApiError (400) when the
 * contract refuses it. The types are stated rather than inferred: Hono takes the handler's output for what
 * the caller sends, which is not so once a contract transforms (an e-mail trimmed, a kiosk submit reshaped).
 */
function validated<Target extends "json" | "param" | "query", In, Out>(
  target: Target,
  parse: (c: Context) => Out | Promise<Out>,
) {
  return validator(target, (_value, c) => parse(c)) as unknown as Validator<Target, In, Out>;
}

const malformedJson = () => new ApiError(400, "Malformed JSON in request body");

/** Validates a JSON body against a zod contract; malformed JSON and bad fields become a 400 with a detail. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  withContract(
    { json: { schema, optional: false } },
    validated<"json", z.input<S>, z.output<S>>("json", async (c) => {
      // Parsed here whatever the Content-Type says, so a missing header is not silently an empty body.
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw malformedJson();
      }
      return parseOrThrow(schema, body);
    }),
  );

/** For routes that take no body: anything sent must at least be empty or `{}`. The client sends nothing. */
export const noBody: MiddlewareHandler = withContract(
  { json: { schema: z.strictObject({}), optional: true } },
  validator("json", async (_value, c) => {
    const text = await c.req.text();
    if (text.trim() === "" || text.trim() === "{}") return {};
    throw new ApiError(400, "This request takes no body");
  }),
);

/** Like jsonBody, but an absent or blank body counts as `{}` (for requests whose fields are all optional). */
export const optionalJsonBody = <S extends z.ZodType>(schema: S) =>
  withContract(
    { json: { schema, optional: true } },
    validated<"json", z.input<S>, z.output<S>>("json", async (c) => {
      const text = (await c.req.text()).trim();
      let body: unknown = {};
      try {
        if (text) body = JSON.parse(text);
      } catch {
        throw malformedJson();
      }
      return parseOrThrow(schema, body);
    }),
  );

/** Validates the route's path parameters (every one it names) against a zod object; a bad one is a 400. */
export const params = <S extends z.ZodType<Record<string, unknown>, Record<string, string>>>(schema: S) =>
  withContract(
    { param: schema },
    validated<"param", z.input<S>, z.output<S>>("param", (c) => parseOrThrow(schema, c.req.param())),
  );

/**
 * Validates the query string against a zod object. Each key is read once, its first value (as
 * `c.req.query()` has it): a repeated key is not an array. Keys the contract does not name are ignored.
 */
export const query = <S extends z.ZodType<Record<string, unknown>, Record<string, string | undefined>>>(
  schema: S,
) =>
  withContract(
    { query: schema },
    validated<"query", z.input<S>, z.output<S>>("query", (c) => parseOrThrow(schema, c.req.query())),
  );
