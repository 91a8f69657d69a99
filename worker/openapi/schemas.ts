import { z } from "zod";

// JSON Schema (draft 2020-12, OpenAPI 3.1's dialect) of what a client sends: the contract's input side.
// A transform or a custom check has no JSON Schema; it is left open ({}), and the server still enforces it.

export type JsonSchema = { [key: string]: unknown };

export function inputSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });
  return json as JsonSchema;
}

/** The named fields of an object schema, each with its schema and whether it must be sent. */
export function fieldsOf(schema: JsonSchema): { name: string; schema: JsonSchema; required: boolean }[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, field]) => ({
    name,
    schema: field,
    required: required.has(name),
  }));
}
