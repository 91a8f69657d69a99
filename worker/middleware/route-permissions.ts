import type { Permission } from "../domain/team-roles";

// What each signed-in route needs (docs/team.md), keyed by method and the route's path exactly as Hono lists
// it in `app.routes`. The session guards look the answering route up here; tests/hostile/roles.test.ts fails
// for a signed-in route missing from this table, and for an entry no route answers to. `signed-in`: any member.
// An API key (middleware/api-key.ts) opens the /api/v1 routes its scope grants (domain/api-keys.ts).
// `staff`: a staff app session (middleware/staff-session.ts), which opens these and nothing else, always for
// the signed-in employee's own records.

export type RouteRule = Permission | "signed-in" | "staff";

export const ROUTE_PERMISSIONS: Readonly<Record<string, RouteRule>> = {
  "POST /api/manager/logout": "signed-in",

  "GET /api/manager/locations": "locations:read",
  "POST /api/manager/locations": "locations:edit",
  "DELETE /api/manager/locations/:locationId": "locations:edit",
  "GET /api/manager/locations/:locationId/customization": "locations:read",
  "PUT /api/manager/locations/:locationId/customization": "kiosk:edit",
  "POST /api/manager/locations/:locationId/logo": "kiosk:edit",
  "DELETE /api/manager/locations/:locationId/logo": "kiosk:edit",
  "PUT /api/manager/customization/:locationId": "breaks:edit",
  "GET /api/manager/setup/:locationId": "locations:read",

  "GET /api/manager/employees/:locationId": "employees:read",
  "POST /api/manager/employees/:locationId": "employees:edit",
  "PUT /api/manager/employees/:employeeId": "employees:edit",
  "DELETE /api/manager/employees/:employeeId": "employees:edit",
  "PUT /api/manager/employees/:employeeId/pin": "pins:edit",
  "PUT /api/manager/employees/:employeeId/name": "employees:edit",
  "PUT /api/manager/employees/:employeeId/status": "employees:edit",
  // Closing someone's open session writes their clock-out: a correction of the attendance record.
  "POST /api/manager/employees/:locationId/:employeeId/close-session": "timesheets:edit",
  // Staff app: invitations (docs/staff-app.md, "Invitations").
  "POST /api/manager/employees/:locationId/staff-app-invitations": "employees:edit",
  "GET /api/manager/employee-breaks/:locationId": "employees:read",
  "PUT /api/manager/employee-breaks/:locationId/:employeeId": "breaks:edit",
  "DELETE /api/manager/employee-breaks/:locationId/:employeeId": "breaks:edit",

  "GET /api/manager/staff-hours/:locationId": "hours:read",
  "GET /api/manager/staff-hours/:locationId/all-employees-csv": "hours:read",
  "GET /api/manager/staff-hours/:locationId/employee/:employeeId/csv": "hours:read",
  "GET /api/manager/timesheets/:locationId": "timesheets:read",
  "POST /api/manager/timesheets/:locationId/approve": "pay:approve",
  "POST /api/manager/timesheets/:locationId/unlock": "pay:approve",
  "GET /api/manager/timesheets/:locationId/entries/:entryId/history": "timesheets:read",
  "POST /api/manager/timesheets/:locationId/entries": "timesheets:edit",
  "PUT /api/manager/timesheets/:locationId/entries/:entryId": "timesheets:edit",
  "POST /api/manager/timesheets/:locationId/entries/:entryId/void": "timesheets:edit",
  "POST /api/manager/timesheets/:locationId/entries/:entryId/overtime": "timesheets:edit",

  "GET /api/manager/rota/:locationId": "rota:read",
  "GET /api/manager/rota/:locationId/pdf": "rota:read",
  "POST /api/manager/rota/:locationId/shifts": "rota:edit",
  "PUT /api/manager/rota/:locationId/shifts/:shiftId": "rota:edit",
  "DELETE /api/manager/rota/:locationId/shifts/:shiftId": "rota:edit",
  "POST /api/manager/rota/:locationId/copy-week": "rota:edit",
  "POST /api/manager/rota/:locationId/clear-week": "rota:edit",
  "POST /api/manager/rota/:locationId/publish": "rota:edit",
  "GET /api/manager/rota/:locationId/templates": "rota:read",
  "POST /api/manager/rota/:locationId/templates": "rota:edit",
  "PUT /api/manager/rota/:locationId/templates/:templateId": "rota:edit",
  "DELETE /api/manager/rota/:locationId/templates/:templateId": "rota:edit",
  // Open-shift claims (the staff app's shifts part).
  "GET /api/manager/rota/:locationId/claims": "rota:edit",
  "POST /api/manager/rota/:locationId/claims/:claimId/approve": "rota:edit",
  "POST /api/manager/rota/:locationId/claims/:claimId/decline": "rota:edit",
  "GET /api/manager/rota/:locationId/claim-settings": "rota:read",
  "PUT /api/manager/rota/:locationId/claim-settings": "rota:edit",

  "GET /api/manager/pay-rules/:locationId": "pay-terms:read",
  "PUT /api/manager/pay-rules/:locationId": "pay-terms:edit",
  "GET /api/manager/employee-pay/:locationId": "pay-terms:read",
  "GET /api/manager/employee-pay/:locationId/:employeeId": "pay-terms:read",
  "PUT /api/manager/employee-pay/:locationId/:employeeId": "pay-terms:edit",
  "GET /api/manager/payroll-export/:locationId": "payroll:export",
  "GET /api/manager/payroll-settings": "pay-terms:read",
  "PUT /api/manager/payroll-settings": "settings:edit",

  "GET /api/manager/compliance": "compliance:read",
  "GET /api/manager/compliance/settings": "compliance:read",
  "PUT /api/manager/compliance/settings": "settings:edit",
  "GET /api/manager/compliance/holiday-settings": "compliance:read",
  "PUT /api/manager/compliance/holiday-settings": "settings:edit",
  "GET /api/manager/compliance/:locationId/working-time": "compliance:read",
  "PUT /api/manager/compliance/:locationId/working-time": "settings:edit",
  "GET /api/manager/compliance/:locationId": "compliance:read",
  "GET /api/manager/compliance/:locationId/holiday/workers": "compliance:read",
  "GET /api/manager/compliance/:locationId/holiday": "compliance:read",
  "GET /api/manager/compliance/:locationId/evidence": "compliance:read",

  "GET /api/manager/leave-analytics/:locationId": "reports:read",
  "GET /api/manager/reports/available-months": "reports:read",
  "GET /api/manager/weekly-reports/status/:locationId": "reports:read",
  "GET /api/manager/automated-reports/list/:locationId": "reports:read",
  "GET /api/manager/automated-reports/:locationId/:reportId/download": "reports:read",

  "GET /api/manager/live-status/:locationId": "live:read",
  "POST /api/manager/live-status/:locationId/ticket": "live:read",
  // Lifting a PIN lockout lets the PIN be tried again: a PIN change in effect.
  "POST /api/manager/live-status/:locationId/unlock/:employeeId": "pins:edit",

  "GET /api/manager/kiosk-devices/:locationId": "locations:read",
  "POST /api/manager/kiosk-devices/:locationId": "kiosk:edit",
  "POST /api/manager/kiosk-devices/:locationId/pairing-codes": "kiosk:edit",
  "DELETE /api/manager/kiosk-devices/:locationId/:deviceId": "kiosk:edit",
  "DELETE /api/manager/kiosk-devices/:locationId": "kiosk:edit",

  "POST /api/manager/team/invitations": "team:manage",
  "POST /api/manager/team/invitations/:invitationId/resend": "team:manage",
  "DELETE /api/manager/team/invitations/:invitationId": "team:manage",
  "GET /api/manager/team": "team:manage",
  "PUT /api/manager/team/:memberId": "team:manage",
  "DELETE /api/manager/team/:memberId": "team:manage",
  "POST /api/manager/team/transfer-ownership": "team:transfer",

  "GET /api/staff/me": "staff",
  "POST /api/staff/auth/logout": "staff",
  // The staff app's shifts part: my shifts, availability, open shifts and claims.
  "GET /api/staff/me/shifts": "staff",
  "GET /api/staff/me/shifts.ics": "staff",
  "GET /api/staff/me/availability": "staff",
  "PUT /api/staff/me/availability": "staff",
  "GET /api/staff/me/open-shifts": "staff",
  "POST /api/staff/me/open-shifts/:shiftId/claim": "staff",

  // Leave: the staff app's holiday and leave requests, and the managers' Leave tab (docs/staff-app.md).
  "GET /api/staff/me/holiday": "staff",
  "GET /api/staff/me/leave-requests": "staff",
  "POST /api/staff/me/leave-requests": "staff",
  "DELETE /api/staff/me/leave-requests/:requestId": "staff",
  "GET /api/manager/leave-requests/:locationId": "leave:read",
  "GET /api/manager/leave-requests/:locationId/calendar": "leave:read",
  "POST /api/manager/leave-requests/:requestId/approve": "leave:approve",
  "POST /api/manager/leave-requests/:requestId/decline": "leave:approve",
  // Staff app, hours: my hours, queries about them, my data; the manager's answer to a query.
  "GET /api/staff/me/hours": "staff",
  "GET /api/staff/me/queries": "staff",
  "POST /api/staff/me/queries": "staff",
  "GET /api/staff/me/export": "staff",
  "POST /api/manager/timesheets/:locationId/queries/:queryId/answer": "timesheets:edit",
  // Staff app: passkeys (docs/staff-app.md, "Signing in").
  "POST /api/staff/me/passkeys/options": "staff",
  "POST /api/staff/me/passkeys": "staff",
  "GET /api/staff/me/passkeys": "staff",
  "DELETE /api/staff/me/passkeys/:passkeyId": "staff",

  // Phone: clocking in from the phone (its location setting, as the kiosk's), and Web Push.
  "GET /api/manager/locations/:locationId/phone-clock-in": "locations:read",
  "PUT /api/manager/locations/:locationId/phone-clock-in": "kiosk:edit",
  "GET /api/staff/me/clock": "staff",
  "POST /api/staff/me/clock": "staff",
  "GET /api/staff/me/push/key": "staff",
  "POST /api/staff/me/push-subscriptions": "staff",
  "DELETE /api/staff/me/push-subscriptions": "staff",

  // The assistant answers from every location's data.
  "POST /api/ai-assistant/chat": "assistant:use",

  "GET /api/user/me": "account:read",
  "GET /api/user/plan-info": "account:read",
  "GET /api/user/email-preferences": "signed-in",
  "PUT /api/user/email-preferences": "signed-in",
  "GET /api/user/subscription-status": "account:read",
  "POST /api/user/subscription/change-plan": "billing",
  "POST /api/user/subscription/cancel": "billing",
  "GET /api/user/export": "account:export",
  "POST /api/user/close-account": "account:close",
  "GET /api/billing/sandbox/checkouts/:checkoutId": "billing",
  // Xero Payroll UK (docs/xero.md).
  "GET /api/manager/xero": "integrations:manage",
  "POST /api/manager/xero/connect": "integrations:manage",
  "PUT /api/manager/xero/organisation": "integrations:manage",
  "DELETE /api/manager/xero": "integrations:manage",
  "GET /api/manager/xero/employees": "integrations:manage",
  "PUT /api/manager/xero/employees": "integrations:manage",
  "GET /api/manager/xero/earnings-rates": "integrations:manage",
  "PUT /api/manager/xero/earnings-rates": "integrations:manage",
  "GET /api/manager/xero/sends/:locationId": "integrations:manage",
  "POST /api/manager/xero/sends/:locationId": "integrations:manage",
  // Development-only tools (never mounted in production): a forgotten clock-out is an attendance write.
  "POST /api/dev/forgotten-session": "timesheets:edit",
  "POST /api/dev/bench-write": "settings:edit",
  "POST /api/dev/team-member": "team:manage",
  "POST /api/billing/sandbox/complete": "billing",
  "POST /api/billing/sandbox/cancel": "billing",

  // Settings → Integrations: API keys (docs/public-api.md) and webhooks (docs/webhooks.md).
  "GET /api/manager/api-keys": "integrations:manage",
  "POST /api/manager/api-keys": "integrations:manage",
  "DELETE /api/manager/api-keys/:keyId": "integrations:manage",
  "PUT /api/manager/api-keys/pay-data": "integrations:manage",
  "GET /api/manager/webhooks": "integrations:manage",
  "POST /api/manager/webhooks": "integrations:manage",
  "PUT /api/manager/webhooks/:endpointId": "integrations:manage",
  "DELETE /api/manager/webhooks/:endpointId": "integrations:manage",
  "POST /api/manager/webhooks/:endpointId/rotate-secret": "integrations:manage",
  "GET /api/manager/webhooks/:endpointId/deliveries": "integrations:manage",
  "POST /api/manager/webhooks/:endpointId/deliveries/:deliveryId/resend": "integrations:manage",
  "POST /api/manager/webhooks/:endpointId/test": "integrations:manage",

  // The public API: an API key's calls (docs/public-api.md); a key's scope grants these permissions.
  "GET /api/v1/locations": "locations:read",
  "GET /api/v1/locations/:locationId/attendance": "timesheets:read",
  "GET /api/v1/locations/:locationId/shifts": "rota:read",
  "GET /api/v1/locations/:locationId/pay-periods": "timesheets:read",
  "POST /api/v1/locations/:locationId/shifts": "rota:edit",
  "POST /api/v1/locations/:locationId/timesheet-entries": "timesheets:edit",
  "GET /api/v1/employees": "employees:read",
  "GET /api/v1/employees/:employeeId": "employees:read",
  "POST /api/v1/employees": "employees:edit",
  "PATCH /api/v1/employees/:employeeId": "employees:edit",
  "GET /api/v1/leave": "leave:read",
};
