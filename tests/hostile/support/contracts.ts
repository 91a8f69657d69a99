import fc from "fast-check";
import { z } from "zod";
import type { BodyContract } from "../../../worker/lib/validate";

// Reading a route's zod contract closely enough to attack it: its fields, which are required, a body it
// accepts (so one field at a time can be made wrong), and bodies it must refuse.

type Schema = z.core.$ZodType;
type Json = Record<string, unknown>;

const accepts = (schema: Schema, value: unknown) => z.safeParse(schema, value).success;

/** What a client sends for `schema`: optional, nullable and default wrappers and pipes peeled off. */
function inputSide(schema: Schema): Schema {
  const def = schema._zod.def;
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "nonoptional":
    case "readonly":
    case "catch":
      return inputSide((def as z.core.$ZodOptionalDef).innerType);
    case "pipe": {
      const pipe = def as z.core.$ZodPipeDef;
      // A preprocess is a transform piped into the real type; a .transform() is the real type piped out.
      return inputSide(pipe.in._zod.def.type === "transform" ? pipe.out : pipe.in);
    }
    default:
      return schema;
  }
}

function shapeOf(schema: Schema): Record<string, Schema> | undefined {
  const input = inputSide(schema);
  return input._zod.def.type === "object" ? (input._zod.def as z.core.$ZodObjectDef).shape : undefined;
}

/** The top-level fields a body contract names. */
export const fieldsOf = (schema: Schema) => Object.keys(shapeOf(schema) ?? {});

const STRINGS = [
  "Jane",
  "Jane Smith",
  "jane.smith@example.co.uk",
  "1234",
  "Clocked!2026",
  "123456",
  "2026-01-15",
  "09:00",
  "Camden High Street",
  "2026-01-15T09:00:00Z",
  "pay_2026-01-05",
  // Base64 and a P-256 key's coordinate (an offline punch's sealed PIN).
  "AAAA",
  "A".repeat(43),
];
const NUMBERS = [1, 8, 30, 0, 0.5, 100, 2026];

/** Plausible values of the field's type, most ordinary first. */
function candidates(schema: Schema): unknown[] {
  const input = inputSide(schema);
  const def = input._zod.def;
  switch (def.type) {
    case "string":
      return STRINGS;
    case "number":
    case "int":
      return NUMBERS;
    case "boolean":
      return [true, false];
    case "enum":
      return Object.values((def as z.core.$ZodEnumDef).entries);
    case "literal":
      return (def as z.core.$ZodLiteralDef<z.core.util.Literal>).values;
    case "object": {
      const body = acceptedBody(input);
      return body ? [body] : [];
    }
    case "array": {
      // Empty first; then one ordinary element, for an array that must hold at least one.
      const element = candidates((def as z.core.$ZodArrayDef).element).find((v) =>
        accepts((def as z.core.$ZodArrayDef).element, v),
      );
      return element === undefined ? [[]] : [[], [element]];
    }
    case "null":
      return [null];
    case "union":
      return (def as z.core.$ZodUnionDef).options.flatMap(candidates);
    default:
      return [...STRINGS, ...NUMBERS, true, false];
  }
}

/**
 * A body the contract accepts, built from ordinary values: required fields first, optional ones added
 * only when a rule across fields asks for them. `undefined` when none is found (the attacks still work).
 */
export function acceptedBody(schema: Schema, preset: Json = {}): Json | undefined {
  const shape = shapeOf(schema);
  if (!shape) return undefined;
  const options = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, candidates(field).filter((v) => accepts(field, v))]),
  );
  const choice: Record<string, number> = {};
  const body: Json = {};
  const set = (key: string) => {
    if (key in preset && accepts(shape[key] as Schema, preset[key])) body[key] = preset[key];
    else body[key] = options[key]?.[choice[key] ?? 0];
  };
  for (const key of Object.keys(shape)) {
    if (!accepts(shape[key] as Schema, undefined) || key in preset) set(key);
  }
  for (let attempt = 0; attempt < 60; attempt++) {
    const result = z.safeParse(schema, body);
    if (result.success) return body;
    const culprit = result.error.issues[0]?.path[0];
    if (
      typeof culprit === "string" &&
      culprit in body &&
      (choice[culprit] ?? 0) + 1 < (options[culprit]?.length ?? 0)
    ) {
      choice[culprit] = (choice[culprit] ?? 0) + 1;
      set(culprit);
      continue;
    }
    const unused = Object.keys(shape).find((key) => !(key in body) && (options[key]?.length ?? 0) > 0);
    if (!unused) return undefined;
    set(unused);
  }
  return undefined;
}

// Attacks

/**
 * Characters no field of any route may store: lone surrogates (not text; D1 keeps U+FFFD instead),
 * control characters, bidirectional overrides and isolates (they reorder what the dashboard or a CSV
 * shows), and invisible spaces (they make "Ja\u200Bne" pass for "Jane").
 */
export const HOSTILE_CHARACTERS = [
  "\uD800",
  "\uDFFF",
  "\u0000",
  "\u0007",
  "\u001B",
  "\u007F",
  "\u0085",
  "\u202E",
  "\u202D",
  "\u2066",
  "\u2069",
  "\u200B",
  "\u2060",
  "\uFEFF",
];

/** Unusual but legitimate text: refused only where the contract says so (a PIN, an e-mail address). */
const UNUSUAL_TEXT = ["👩🏽‍🍳", "جين", "Zoë", "Ｊａｎｅ", "１２３４", "e\u0301", "𝒥𝒶𝓃ℯ", "ß", "İ", "ﷺ"];

const NUMBERS_OUT_OF_RANGE = [-1, -0.5, 0.25, 1e308, -1e308, 2 ** 53 + 2, 1e-7, 24.5, 25, 121, 241, 999_999];
const NUMBER_LOOKALIKES = ["NaN", "Infinity", "-1", "1e3", "0x1F", " 12 ", "12.5", "", " ", "٣"];
/** Number tokens JSON does not have (malformed) or turns into Infinity (1e999). */
const RAW_NUMBER_TOKENS = ["NaN", "Infinity", "-Infinity", "1e999", "-1e999", "0x10", "01", "+1", ".5"];

export type Attack = {
  label: string;
  /** The exact request body. */
  raw: string;
  contentType: string | null;
  /**
   * "contract": sent only when the route's contract refuses it. "hostile": refused whatever the contract
   * says, because of the characters in it.
   */
  policy: "contract" | "hostile";
};

const CONTENT_TYPES = [
  "application/json",
  "application/json",
  "application/json; charset=utf-16",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=hostile",
  null,
];

const withField = (base: Json, key: string, value: unknown): Json => ({ ...base, [key]: value });
const without = (base: Json, key: string): Json =>
  Object.fromEntries(Object.entries(base).filter(([k]) => k !== key));

/** Inserts `text` into a string value at `at` (or replaces a non-string value). */
const inject = (value: unknown, text: string, at: number) =>
  typeof value === "string"
    ? `${value.slice(0, at % (value.length + 1))}${text}${value.slice(at % (value.length + 1))}`
    : text;

/** Bodies a route must refuse, derived from its contract and a body it accepts. */
export function attacks(contract: BodyContract, accepted: Json | undefined): fc.Arbitrary<Attack> {
  const base = accepted ?? {};
  const fields = fieldsOf(contract.schema);
  const json = (label: string, body: unknown, policy: Attack["policy"] = "contract") => ({
    label,
    raw: JSON.stringify(body),
    policy,
  });
  const field = fields.length > 0 ? fc.constantFrom(...fields) : fc.constant("unexpected");

  const wrongType = fc
    .tuple(
      field,
      fc.oneof(
        fc.integer(),
        fc.double(),
        fc.boolean(),
        fc.constant(null),
        fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
        fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
        fc.string({ maxLength: 20 }),
      ),
    )
    .map(([key, value]) => json(`${key} of the wrong type`, withField(base, key, value)));

  const missing = field.map((key) => json(`${key} missing`, without(base, key)));

  const extra = fc
    .tuple(
      fc.oneof(
        fc.constantFrom("__proto__", "constructor", "user_id", "plan", "is_vip", "admin", "id", "deleted_at"),
        fc.string({ minLength: 1, maxLength: 12 }).filter((key) => !fields.includes(key)),
      ),
      fc.jsonValue({ maxDepth: 1 }),
    )
    .map(([key, value]) => ({
      label: `extra field ${JSON.stringify(key)}`,
      // Written out by hand so "__proto__" is a real key in the JSON, not an object's prototype.
      raw: `{${[...Object.entries(base), [key, value]].map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v ?? null)}`).join(",")}}`,
      policy: "contract" as const,
    }));

  const nulls = fc.oneof(
    fc.constant(json("null body", null)),
    field.map((key) => json(`${key} null`, withField(base, key, null))),
  );

  const huge = fc.oneof(
    fc
      .tuple(field, fc.constantFrom(100_001, 150_000))
      .map(([key, size]) =>
        json(
          `${key} of ${size} characters (past the 64 KB body limit)`,
          withField(base, key, "x".repeat(size)),
        ),
      ),
    fc
      .tuple(field, fc.integer({ min: 51, max: 60_000 }), fc.constantFrom("x", "7", "é", "👩🏽‍🍳"))
      .map(([key, size, unit]) =>
        json(
          `${key} of ${size} × ${JSON.stringify(unit)}`,
          withField(base, key, unit.repeat(Math.ceil(size / unit.length))),
        ),
      ),
  );

  const hostileText = fc
    .tuple(field, fc.constantFrom(...HOSTILE_CHARACTERS), fc.nat(), fc.boolean())
    .map(([key, char, at, alone]) =>
      json(
        `${key} ${alone ? "is only" : "contains"} ${JSON.stringify(char)}`,
        withField(base, key, alone ? char : inject(base[key], char, at)),
        "hostile",
      ),
    );

  const unusualText = fc
    .tuple(field, fc.constantFrom(...UNUSUAL_TEXT), fc.nat())
    .map(([key, text, at]) => json(`${key} with ${text}`, withField(base, key, inject(base[key], text, at))));

  const numbers = fc.oneof(
    fc
      .tuple(field, fc.constantFrom(...NUMBERS_OUT_OF_RANGE, ...NUMBER_LOOKALIKES))
      .map(([key, value]) => json(`${key} = ${JSON.stringify(value)}`, withField(base, key, value))),
    fc.tuple(field, fc.constantFrom(...RAW_NUMBER_TOKENS)).map(([key, token]) => ({
      label: `${key} = ${token} (raw)`,
      raw: JSON.stringify(withField(base, key, "\u0001")).replace('"\\u0001"', token),
      policy: "contract" as const,
    })),
  );

  const arrays = fc.oneof(
    fc.constant(json("array of the body", [base])),
    fc.constant(json("empty array", [])),
    fc.constant(json("nested arrays", [[base]])),
    field.map((key) => json(`${key} as an array`, withField(base, key, [base[key]]))),
  );

  const valid = JSON.stringify(base);
  const notJson = fc
    .oneof(
      fc.constantFrom(
        "",
        " ",
        "{",
        "}",
        "[",
        "undefined",
        "{'a': 1}",
        "a=1&b=2",
        "<xml/>",
        "\u0000",
        `\uFEFF${valid}`,
        valid.slice(0, -1),
        `${valid}garbage`,
        `${valid}${valid}`,
        "42",
        '"text"',
        "true",
        "false",
        "null",
        `${"[".repeat(30_000)}${"]".repeat(30_000)}`,
        `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`,
      ),
      fc.string({ maxLength: 40 }),
    )
    .map((raw) => ({
      label: `raw body ${JSON.stringify(raw.slice(0, 30))}`,
      raw,
      policy: "contract" as const,
    }));

  const duplicateKeys = fc.tuple(field, fc.jsonValue({ maxDepth: 0 })).map(([key, value]) => ({
    label: `${key} twice`,
    raw: `${valid.slice(0, -1)}${fields.length && valid !== "{}" ? "," : ""}${JSON.stringify(key)}:${JSON.stringify(value ?? null)}}`,
    policy: "contract" as const,
  }));

  return fc
    .tuple(
      fc.oneof(
        wrongType,
        missing,
        extra,
        nulls,
        huge,
        hostileText,
        hostileText,
        unusualText,
        numbers,
        arrays,
        notJson,
        duplicateKeys,
      ),
      fc.constantFrom(...CONTENT_TYPES),
    )
    .map(([attack, contentType]) => ({ ...attack, contentType }));
}

/** Whether the contract itself refuses the body (absent, malformed, or failing the schema). */
export function contractRefuses(contract: BodyContract, raw: string): boolean {
  if (raw.trim() === "") return !contract.optional;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return true;
  }
  return !accepts(contract.schema, parsed);
}

/**
 * Every hostile character in every field, in turn (alternately inside an ordinary value and on its own):
 * a fixed sweep rather than a sample, since each field needs refusing them on its own.
 */
export function hostileTextAttacks(contract: BodyContract, accepted: Json | undefined): Attack[] {
  const base = accepted ?? {};
  const fields = fieldsOf(contract.schema);
  return (fields.length > 0 ? fields : ["unexpected"]).flatMap((key) =>
    HOSTILE_CHARACTERS.map((char, i) => {
      const alone = i % 2 === 1;
      return {
        label: `${key} ${alone ? "is only" : "contains"} ${JSON.stringify(char)}`,
        raw: JSON.stringify(withField(base, key, alone ? char : inject(base[key], char, 2))),
        contentType: "application/json",
        policy: "hostile" as const,
      };
    }),
  );
}

// Path parameters and query values: text, so the attacks are text.

/**
 * What a path parameter or a query value may be given: out of range, too long, the wrong characters,
 * hostile characters alone or inside ordinary text, random text. Never "." or ".." (a URL resolves them
 * away before any route sees them) nor empty (no route has an empty segment).
 */
export const oddText: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      "../../etc/passwd",
      "a/b",
      "a\\b",
      "' OR 1=1 --",
      "%",
      "%2F",
      "a b",
      "a+b",
      "*",
      "<script>",
      "null",
      "-1",
      "1e309",
      "NaN",
      "month_2025_13",
      "👩🏽‍🍳",
      "Zoë",
      "Jj",
    ),
    fc
      .tuple(fc.constantFrom(...HOSTILE_CHARACTERS), fc.boolean())
      .map(([c, alone]) => (alone ? c : `ab${c}cd`)),
    fc
      .tuple(fc.integer({ min: 2, max: 3000 }), fc.constantFrom("x", "7", "-"))
      .map(([n, unit]) => unit.repeat(n)),
    fc
      .tuple(fc.integer({ min: 2, max: 200 }), fc.constantFrom("é", "👩🏽‍🍳"))
      .map(([n, unit]) => unit.repeat(n)),
    fc.string({ minLength: 1, maxLength: 30 }),
    fc.string({ unit: "binary", minLength: 1, maxLength: 10 }),
  )
  .filter((text) => text !== "" && text !== "." && text !== "..");

/** Whether a contract of text fields (path parameters, a query string) refuses these values. */
export const textContractRefuses = (schema: Schema, values: Record<string, string>) =>
  !accepts(schema, values);

/**
 * Whether a contract of text fields refuses anything at all: a ticket or a version may be any text (the
 * route itself decides), and then there is nothing for the contract to refuse.
 */
export const refusesSomeText = (schema: Schema, base: Record<string, string>) =>
  fieldsOf(schema).some((field) =>
    ["x".repeat(5000), "\u0000", "a b", "ab%cd"].some((value) =>
      textContractRefuses(schema, { ...base, [field]: value }),
    ),
  );
