import { parseResponse } from "hono/client";

// What every typed client shares (hc from hono/client, typed by the Worker's routes): no toasts and no
// session store, so the kiosk page can use it and stay small. ./api.ts builds the manager's client on it.

/** A failed API call, carrying the server's `detail` (the API's one error shape). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | null,
    /** The whole answer, for the few refusals that carry more than `detail` (the kiosk's question about leave). */
    readonly body: unknown = null,
  ) {
    super(detail ?? `Request failed (${status})`);
  }
}

const UNREACHABLE = "Can't reach Clocked. Check your connection and try again.";

/** The failure for a non-2xx answer, with the body's `detail` when it has one. */
async function failureOf(response: Response): Promise<ApiFailure> {
  const data: unknown = await response.json().catch(() => null);
  const detail =
    data && typeof data === "object" && "detail" in data && typeof data.detail === "string"
      ? data.detail
      : null;
  return new ApiFailure(response.status, detail, data);
}

/**
 * The clients' fetch: a call either answers 2xx or throws an ApiFailure, with the server's detail, or
 * with status 0 when the network failed (an abort stays an abort).
 */
export async function fetchOrFail(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(input, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiFailure(0, UNREACHABLE);
  }
  if (!response.ok) throw await failureOf(response);
  return response;
}

/**
 * The body of a call's answer, typed by the route: `await data(api.manager.locations.$get())`. A failure
 * never gets here: fetchOrFail threw it.
 */
export const data = parseResponse;

const encodeParams = (args: unknown) => {
  if (typeof args !== "object" || args === null || !("param" in args)) return args;
  const { param } = args;
  if (typeof param !== "object" || param === null) return args;
  const encoded = Object.entries(param).map(([key, value]) => [
    key,
    typeof value === "string" ? encodeURIComponent(value) : value,
  ]);
  return { ...args, param: Object.fromEntries(encoded) };
};

/**
 * hc puts path parameters into the address as they are (honojs/hono#3933): this wraps a client so each
 * call encodes them, and an id or an initial with "/", "?" or "#" in it stays one path segment.
 */
export function encodingParams<T extends object>(client: T): T {
  return new Proxy(client, {
    get(node, key) {
      const child: unknown = Reflect.get(node, key);
      // hc answers undefined for `then` (a client is not a promise) and for symbols: kept as they are.
      return typeof child === "function" ? encodingParams(child) : child;
    },
    apply: (call, self, [args, ...rest]: unknown[]) =>
      typeof call === "function" ? Reflect.apply(call, self, [encodeParams(args), ...rest]) : undefined,
  });
}

/** ws(s)://this-origin{path}: a socket's address on the page's own host. */
export const socketAddress = (path: string) =>
  `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}${path}`;

/** The server's detail when there is one, otherwise the screen's own fallback text. */
export const detailOr = (error: unknown, fallback: string) =>
  error instanceof ApiFailure && error.detail ? error.detail : fallback;
