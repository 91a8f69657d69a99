import type { IncomingHttpHeaders } from "node:http";
import { xeroSandbox } from "../../worker/services/xero/sandbox";

// Xero on the fake server (tests/support/fake-server.ts): every path under /xero is Xero's own (identity,
// connections, Payroll UK), answered by the same stand-in `npm run dev` uses (worker/services/xero/sandbox.ts);
// /xero/__xero/* lets a test read what Xero received and make it refuse.

export const FAKE_XERO_PREFIX = "/xero";

export async function handleXero(
  method: string,
  url: string,
  headers: IncomingHttpHeaders,
  body: string,
  reply: (status: number, headers: Record<string, string>, body: string) => void,
) {
  const request = new Request(`http://127.0.0.1${url}`, {
    method,
    headers: Object.entries(headers).flatMap(([name, value]) =>
      typeof value === "string" ? [[name, value] as [string, string]] : [],
    ),
    body: method === "GET" || method === "HEAD" ? undefined : body,
  });
  const path = new URL(request.url).pathname.slice(FAKE_XERO_PREFIX.length);
  const answer = await xeroSandbox(request, path);
  reply(answer.status, Object.fromEntries(answer.headers), await answer.text());
}
