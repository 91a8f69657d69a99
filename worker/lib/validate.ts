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

/**
 * Each body validator's contract, keyed by the middleware itself, so a test can walk `app.routes` and
 * find every route's contract among its handlers (the hostile-input suite does). Validation itself
 * does not read it.
 */
export type BodyContract = {
  schema: z.ZodType;
  /** An absent or blank body is accepted, as `{}`. */
  optional: boolean;
};
const bodyContracts = new WeakMap<object, BodyContract>();

export const bodyContractOf = (handler: unknown): BodyContract | undefined =>
  typeof handler === "function" ? bodyContracts.get(handler) : undefined;

function withContract<H extends object>(contract: BodyContract, handler: H): H {
  bodyContracts.set(handler, contract);
  return handler;
}

/** Validates a JSON body against a zod contract; malformed JSON and bad fields become a 400 with a detail. */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  withContract(
    { schema, optional: false },
    validator("json", async (_value, c) => {
      // Parsed here whatever the Content-Type says, so a missing header is not silently an empty body.
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new ApiError(400, "Malformed JSON in request body");
      }
      return parseOrThrow(schema, body);
    }),
  );

/** For routes that take no body: anything sent must at least be empty or `{}`. */
export const noBody = withContract(
  { schema: z.strictObject({}), optional: true },
  validator("json", async (_value, c) => {
    const text = await c.req.text();
    if (text.trim() === "" || text.trim() === "{}") return {};
    throw new ApiError(400, "This request takes no body");
  }),
);

/** Like jsonBody, but an absent or blank body counts as `{}` (for requests whose fields are all optional). */
export const optionalJsonBody = <S extends z.ZodType>(schema: S) =>
  withContract(
    { schema, optional: true },
    validator("json", async (_value, c) => {
      const text = (await c.req.text()).trim();
      let body: unknown = {};
      try {
        if (text) body = JSON.parse(text);
      } catch {
        throw new ApiError(400, "Malformed JSON in request body");
      }
      return parseOrThrow(schema, body);
    }),
  );
