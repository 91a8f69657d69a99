import type { ApiKeyScope } from "../contracts/api-keys";
import { apiKeyCan } from "../domain/api-keys";
import { ROUTE_PERMISSIONS } from "../middleware/route-permissions";
import { accessOf, CALLERS } from "./access";
import { type RouterEntry, routeTable, type TableRoute } from "./route-table";
import { fieldsOf, inputSchema, type JsonSchema } from "./schemas";

// The OpenAPI 3.1 document of the API, built from the route table (worker/openapi/route-table.ts) and the
// zod contracts its validators enforce: nothing here names a route, so nothing here can drift from them.
// Served at GET /api/openapi.json (worker/routes/openapi.ts); docs/api.md is its summary.

type Operation = {
  operationId: string;
  tags: string[];
  summary: string;
  "x-caller": string;
  "x-development-only"?: true;
  /** The API key scope a public API route needs (docs/public-api.md, "Scopes"). */
  "x-key-scope"?: ApiKeyScope;
  security: Record<string, string[]>[];
  parameters?: JsonSchema[];
  requestBody?: JsonSchema;
  responses: Record<string, JsonSchema>;
};

export type OpenApiDocument = {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, JsonSchema> };
};

/** Hono's `/a/:id/*` as OpenAPI's `/a/{id}/{path}`. */
export const openApiPath = (path: string) =>
  path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, "{$1}").replace(/\/\*$/, "/{path}");

/**
 * The group a route belongs to: the resource after /api, or after /api/manager for the dashboard's calls
 * (the manager's own sign-in and sign-out stay under "manager"); the kiosk's calls are one group.
 */
export function tagOf(path: string): string {
  const segments = path.split("/").filter(Boolean);
  if (segments[0] !== "api") return "pages";
  const dashboard =
    segments[1] === "manager" && segments.length > 2 && !/^log(in|out)$/.test(segments[2] ?? "");
  const resource = (dashboard ? segments[2] : segments[1])?.replace(/\.json$/, "");
  return !resource || (!dashboard && KIOSK_RESOURCES.has(resource)) ? "kiosk" : resource;
}

/** The kiosk's own calls outside /api/manager (app.ts mounts them as the kiosk's API). */
const KIOSK_RESOURCES = new Set(["locations", "employees", "kiosk", "kiosk-live"]);

const ERROR_ANSWER = {
  description: 'Refused or failed: `{"detail": "..."}`, a sentence for the user.',
  content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
};

function parametersOf(route: TableRoute): JsonSchema[] {
  const path = route.paramContract ? fieldsOf(inputSchema(route.paramContract)) : [];
  const pathParameters = path.map((field) => ({
    name: field.name,
    in: "path",
    required: true,
    schema: field.schema,
  }));
  if (route.path.endsWith("/*")) {
    pathParameters.push({ name: "path", in: "path", required: true, schema: { type: "string" } });
  }
  const query = route.queryContract ? fieldsOf(inputSchema(route.queryContract)) : [];
  return [
    ...pathParameters,
    ...query.map((field) => ({
      name: field.name,
      in: "query",
      required: field.required,
      schema: field.schema,
    })),
  ];
}

/** The narrowest scope whose permissions include what the route needs. */
function keyScopeOf(route: TableRoute): ApiKeyScope {
  const rule = ROUTE_PERMISSIONS[`${route.method} ${route.path}`];
  return rule !== undefined && rule !== "signed-in" && rule !== "staff" && apiKeyCan("read", rule)
    ? "read"
    : "read_write";
}

function operationOf(route: TableRoute): Operation {
  const access = accessOf(route);
  const caller = CALLERS[access.caller];
  const parameters = parametersOf(route);
  const operation: Operation = {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? "").toUpperCase())}`,
    tags: [tagOf(route.path)],
    summary: `${route.method} ${route.path}`,
    "x-caller": access.caller,
    security: caller.scheme ? [{ [caller.scheme]: [] }] : [],
    responses: { "2XX": { description: "Done." }, "4XX": ERROR_ANSWER, "5XX": ERROR_ANSWER },
  };
  if (access.developmentOnly) operation["x-development-only"] = true;
  if (access.caller === "api-key") operation["x-key-scope"] = keyScopeOf(route);
  if (parameters.length > 0) operation.parameters = parameters;
  if (route.contract) {
    operation.requestBody = {
      required: !route.contract.optional,
      content: { "application/json": { schema: inputSchema(route.contract.schema) } },
    };
  }
  return operation;
}

/** The document for an app's route list (`app.routes`). */
export function openApiDocument(entries: readonly RouterEntry[]): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const route of routeTable(entries)) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
  }
  const securitySchemes = Object.fromEntries(
    Object.values(CALLERS).flatMap(({ scheme, says }) =>
      scheme ? [[scheme, { type: "http", scheme: "bearer", description: says }]] : [],
    ),
  );
  return {
    openapi: "3.1.0",
    info: {
      title: "Clocked API",
      version: "1",
      description:
        "Every route the Worker mounts, with who may call it (`x-caller`) and the zod contracts of its body, " +
        'path parameters and query string. Every refusal is `{"detail": "..."}`.',
    },
    paths,
    components: {
      schemas: {
        Error: {
          type: "object",
          required: ["detail"],
          properties: { detail: { type: "string", description: "What went wrong, as one sentence." } },
        },
      },
      securitySchemes,
    },
  };
}
