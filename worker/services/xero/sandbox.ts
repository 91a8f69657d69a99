// A stand-in for Xero (identity, connections and Payroll UK), speaking Xero's wire format as docs/xero.md
// records it: the tests serve it on 127.0.0.1 (tests/support/fake-xero.ts), and `npm run dev` answers its
// authorize page under /api/dev/xero and its API calls in-process, so development works offline. Tests drive
// Xero's side through /__xero/* (a 429 mode, an employee without a pay calendar, expired access tokens, an
// answer lost after the work was done). A Payroll POST with an `Idempotency-Key` Xero has seen gets the first
// answer again, as Xero's OpenAPI documents for that header.

type Line = { timesheetLineID: string; date: string; earningsRateID: string; numberOfUnits: number };
type Timesheet = {
  timesheetID: string;
  payrollCalendarID: string | null;
  employeeID: string;
  startDate: string;
  endDate: string;
  status: "Draft";
  timesheetLines: Line[];
};
type XeroEmployee = {
  employeeID: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  payrollCalendarID: string | null;
  /** The works number (the Employees examples of Xero's OpenAPI document carry it). */
  employeeNumber: string | null;
};
type Organisation = { tenantId: string; tenantName: string; employees: XeroEmployee[] };
export type ReceivedCall = {
  method: string;
  path: string;
  tenant: string | null;
  idempotencyKey: string | null;
  body: string;
};

export const SANDBOX_CLIENT = { id: "clocked-dev-client", secret: "clocked-dev-secret" };
/** The development configuration that talks to this sandbox (the tests' bindings, .dev.vars). */
export const XERO_SANDBOX_SECRETS = {
  XERO_CLIENT_ID: SANDBOX_CLIENT.id,
  XERO_CLIENT_SECRET: SANDBOX_CLIENT.secret,
  XERO_TOKEN_KEY: "development-only-xero-token-key-0123456789abcdef",
};
const CALENDAR = "8f1a2c3d-0000-4000-8000-00000000ca1e";
export const SANDBOX_RATES = [
  {
    earningsRateID: "e1000000-0000-4000-8000-000000000001",
    name: "Ordinary Hours",
    earningsType: "RegularEarnings",
  },
  {
    earningsRateID: "e1000000-0000-4000-8000-000000000002",
    name: "Overtime Hours",
    earningsType: "OvertimeEarnings",
  },
  {
    earningsRateID: "e1000000-0000-4000-8000-000000000003",
    name: "Sunday Premium",
    earningsType: "OtherEarnings",
  },
];
const staffOf = (): XeroEmployee[] => [
  {
    employeeID: "a1000000-0000-4000-8000-000000000001",
    firstName: "Jane",
    lastName: "Smith",
    dateOfBirth: "1990-04-12",
    payrollCalendarID: CALENDAR,
    employeeNumber: "JS01",
  },
  {
    employeeID: "a1000000-0000-4000-8000-000000000002",
    firstName: "Ravi",
    lastName: "Patel",
    dateOfBirth: "1985-09-30",
    payrollCalendarID: CALENDAR,
    employeeNumber: null,
  },
  {
    employeeID: "a1000000-0000-4000-8000-000000000003",
    firstName: "Ola",
    lastName: "Nowak",
    dateOfBirth: "1999-01-05",
    payrollCalendarID: CALENDAR,
    employeeNumber: "ON07",
  },
];

const state = {
  organisations: [] as Organisation[],
  codes: new Map<string, { challenge: string; redirectUri: string }>(),
  refreshTokens: new Map<string, { live: boolean }>(),
  accessTokens: new Map<string, number>(),
  timesheets: new Map<string, Timesheet>(),
  received: [] as ReceivedCall[],
  /** The next this-many Payroll calls answer 429. */
  rateLimited: 0,
  /** The next this-many Payroll POSTs do their work, then answer 503 as if the answer were lost. */
  lostAnswers: 0,
  /** Payroll POSTs' first answers by organisation and Idempotency-Key. */
  answered: new Map<string, { status: number; body: string }>(),
  counter: 0,
};

function reset(names = ["Demo Company (UK)"]) {
  state.organisations = names.map((tenantName, i) => ({
    tenantId: `0rg00000-0000-4000-8000-00000000000${i + 1}`,
    tenantName,
    employees: staffOf(),
  }));
  state.codes.clear();
  state.refreshTokens.clear();
  state.accessTokens.clear();
  state.timesheets.clear();
  state.received.length = 0;
  state.rateLimited = 0;
  state.lostAnswers = 0;
  state.answered.clear();
}
reset();

const nextId = () => {
  state.counter += 1;
  return `${crypto.randomUUID().slice(0, 24)}${state.counter.toString(16).padStart(12, "0")}`;
};
const json = (status: number, payload: unknown, headers: Record<string, string> = {}) =>
  new Response(payload === null ? null : JSON.stringify(payload), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
const problem = (status: number, detail: string, invalidFields?: { name: string; reason: string }[]) =>
  json(status, {
    problem: { type: "application/problem+json", title: "BadRequest", status, detail, invalidFields },
  });

async function s256(verifier: string) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)));
  return btoa(String.fromCharCode(...digest))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
}

function issueTokens() {
  const access = `access-${nextId()}`;
  const refresh = `refresh-${nextId()}`;
  state.accessTokens.set(access, Date.now() + 1800_000);
  state.refreshTokens.set(refresh, { live: true });
  return json(200, {
    access_token: access,
    expires_in: 1800,
    token_type: "Bearer",
    refresh_token: refresh,
    scope: "payroll.timesheets payroll.employees payroll.settings offline_access",
  });
}

const clientIsValid = (authorization: string | null) =>
  authorization === `Basic ${btoa(`${SANDBOX_CLIENT.id}:${SANDBOX_CLIENT.secret}`)}`;

async function token(request: Request) {
  if (!clientIsValid(request.headers.get("Authorization"))) return json(400, { error: "invalid_client" });
  const form = new URLSearchParams(await request.text());
  if (form.get("grant_type") === "authorization_code") {
    const issued = state.codes.get(form.get("code") ?? "");
    state.codes.delete(form.get("code") ?? "");
    if (!issued || issued.redirectUri !== form.get("redirect_uri"))
      return json(400, { error: "invalid_grant" });
    if (issued.challenge !== (await s256(form.get("code_verifier") ?? "")))
      return json(400, { error: "invalid_grant" });
    return issueTokens();
  }
  if (form.get("grant_type") === "refresh_token") {
    const old = state.refreshTokens.get(form.get("refresh_token") ?? "");
    if (!old?.live) return json(400, { error: "invalid_grant" });
    old.live = false; // Xero rotates: the old refresh token is spent.
    return issueTokens();
  }
  return json(400, { error: "unsupported_grant_type" });
}

function authorize(url: URL) {
  const redirectUri = url.searchParams.get("redirect_uri") ?? "";
  const challenge = url.searchParams.get("code_challenge");
  if (url.searchParams.get("client_id") !== SANDBOX_CLIENT.id || !challenge)
    return json(400, { error: "invalid_request" });
  if (url.searchParams.get("code_challenge_method") !== "S256" || !URL.canParse(redirectUri)) {
    return json(400, { error: "invalid_request" });
  }
  const code = `code-${nextId()}`;
  state.codes.set(code, { challenge, redirectUri });
  const back = new URL(redirectUri);
  back.searchParams.set("code", code);
  back.searchParams.set("state", url.searchParams.get("state") ?? "");
  return new Response(null, { status: 302, headers: { Location: back.toString() } });
}

const bearerIsValid = (authorization: string | null) => {
  const expiresAt = state.accessTokens.get(authorization?.replace(/^Bearer /, "") ?? "");
  return expiresAt !== undefined && expiresAt > Date.now();
};

/** A Payroll POST answers once per Idempotency-Key: a retry is given the first answer, and nothing is redone. */
async function idempotentPayroll(request: Request, path: string) {
  const key = request.headers.get("Idempotency-Key");
  const seen = `${request.headers.get("Xero-Tenant-Id")}:${key}`;
  const first = key && request.method === "POST" ? state.answered.get(seen) : undefined;
  if (first)
    return new Response(first.body, {
      status: first.status,
      headers: { "Content-Type": "application/json" },
    });
  const answer = await payroll(request, path);
  if (request.method !== "POST") return answer;
  if (key) state.answered.set(seen, { status: answer.status, body: await answer.clone().text() });
  if (answer.ok && state.lostAnswers > 0) {
    state.lostAnswers -= 1;
    return problem(503, "Service unavailable");
  }
  return answer;
}

async function payroll(request: Request, path: string) {
  const organisation = state.organisations.find((o) => o.tenantId === request.headers.get("Xero-Tenant-Id"));
  if (!organisation) return problem(403, "AuthenticationUnsuccessful");
  if (state.rateLimited > 0) {
    state.rateLimited -= 1;
    return json(429, null, { "Retry-After": "7", "X-Rate-Limit-Problem": "minute" });
  }
  const body = request.method === "GET" || request.method === "DELETE" ? null : await request.json();
  const parts = path.split("/").filter(Boolean);
  const [resource, id, sub, lineId] = parts;
  if (resource === "Employees" && request.method === "GET") {
    const employees = organisation.employees;
    if (id) {
      const employee = employees.find((e) => e.employeeID === id);
      return employee ? json(200, { employee }) : problem(404, "Resource was not found");
    }
    return json(200, {
      pagination: { page: 1, pageSize: 100, pageCount: 1, itemCount: employees.length },
      employees,
    });
  }
  if (resource === "EarningsRates" && request.method === "GET") {
    return json(200, {
      pagination: { page: 1, pageSize: 100, pageCount: 1, itemCount: SANDBOX_RATES.length },
      earningsRates: SANDBOX_RATES,
    });
  }
  if (resource !== "Timesheets") return problem(404, "Resource was not found");
  if (!id && request.method === "POST") {
    const draft = body as Omit<Timesheet, "timesheetID" | "status" | "timesheetLines"> & {
      timesheetLines?: Omit<Line, "timesheetLineID">[];
    };
    const employee = organisation.employees.find((e) => e.employeeID === draft.employeeID);
    if (!employee)
      return problem(400, "Validation error occurred.", [
        { name: "EmployeeID", reason: "The employee could not be found." },
      ]);
    if (!employee.payrollCalendarID || draft.payrollCalendarID !== employee.payrollCalendarID) {
      return problem(400, "Validation error occurred.", [
        { name: "PayrollCalendarID", reason: "The employee has no pay calendar." },
      ]);
    }
    const timesheet: Timesheet = {
      timesheetID: nextId(),
      payrollCalendarID: draft.payrollCalendarID,
      employeeID: draft.employeeID,
      startDate: draft.startDate,
      endDate: draft.endDate,
      status: "Draft",
      timesheetLines: (draft.timesheetLines ?? []).map((l) => ({ ...l, timesheetLineID: nextId() })),
    };
    state.timesheets.set(timesheet.timesheetID, timesheet);
    return json(200, { timesheet });
  }
  const timesheet = id ? state.timesheets.get(id) : undefined;
  if (!timesheet) return problem(404, "Resource was not found");
  if (!sub && request.method === "GET") return json(200, { timesheet });
  if (sub === "Lines" && !lineId && request.method === "POST") {
    const line = { ...(body as Omit<Line, "timesheetLineID">), timesheetLineID: nextId() };
    timesheet.timesheetLines.push(line);
    return json(200, { timesheetLine: line });
  }
  if (sub === "Lines" && lineId && request.method === "DELETE") {
    const line = timesheet.timesheetLines.find((l) => l.timesheetLineID === lineId);
    if (!line) return problem(404, "Resource was not found");
    timesheet.timesheetLines = timesheet.timesheetLines.filter((l) => l !== line);
    return json(200, { timesheetLine: line });
  }
  return problem(405, "Method not allowed");
}

/** Tests' controls: what Xero received, its timesheets, and the modes that make it refuse. */
async function control(request: Request, what: string) {
  if (what === "received") return json(200, state.received);
  if (what === "timesheets") return json(200, [...state.timesheets.values()]);
  const body = (request.method === "POST" ? await request.json() : {}) as Record<string, unknown>;
  if (what === "reset") reset(body.organisations as string[] | undefined);
  else if (what === "rate-limit") state.rateLimited = Number(body.calls ?? 1);
  else if (what === "lose-answers") state.lostAnswers = Number(body.calls ?? 1);
  else if (what === "expire-access")
    for (const key of state.accessTokens.keys()) state.accessTokens.set(key, 0);
  else if (what === "no-calendar") {
    for (const o of state.organisations) {
      for (const e of o.employees) if (e.employeeID === body.employeeID) e.payrollCalendarID = null;
    }
  } else return json(404, { message: "Not found" });
  return json(200, { ok: true });
}

/** Answers one request, its path taken after the sandbox's base (e.g. `/connect/token`). */
export async function xeroSandbox(request: Request, path: string): Promise<Response> {
  const url = new URL(request.url);
  if (path.startsWith("/__xero/")) return control(request, path.slice("/__xero/".length));
  const tenant = request.headers.get("Xero-Tenant-Id");
  state.received.push({
    method: request.method,
    path,
    tenant,
    idempotencyKey: request.headers.get("Idempotency-Key"),
    body: await request.clone().text(),
  });
  if (path === "/identity/connect/authorize") return authorize(url);
  if (path === "/connect/token" && request.method === "POST") return token(request);
  if (path === "/connect/revocation" && request.method === "POST") {
    if (!clientIsValid(request.headers.get("Authorization"))) return json(400, { error: "invalid_client" });
    const revoked = state.refreshTokens.get(new URLSearchParams(await request.text()).get("token") ?? "");
    if (revoked) revoked.live = false;
    return new Response(null, { status: 200 });
  }
  if (!bearerIsValid(request.headers.get("Authorization"))) {
    return json(401, {
      Type: null,
      Title: "Unauthorized",
      Status: 401,
      Detail: "TokenExpired: token expired",
    });
  }
  if (path === "/connections" && request.method === "GET") {
    return json(
      200,
      state.organisations.map((o) => ({
        id: `c0${o.tenantId.slice(2)}`,
        authEventId: "auth-event",
        tenantId: o.tenantId,
        tenantType: "ORGANISATION",
        tenantName: o.tenantName,
        createdDateUtc: "2026-01-01T00:00:00.0000000",
        updatedDateUtc: "2026-01-01T00:00:00.0000000",
      })),
    );
  }
  if (path.startsWith("/connections/") && request.method === "DELETE")
    return new Response(null, { status: 204 });
  if (path.startsWith("/payroll.xro/2.0/"))
    return idempotentPayroll(request, path.slice("/payroll.xro/2.0".length));
  return json(404, { message: "Not found" });
}
