// The events an account's webhook endpoints may subscribe to (docs/webhooks.md). Shared by the worker, which
// publishes them, and the SPA, which lists them beside each endpoint.

export const WEBHOOK_EVENT_TYPES = [
  "attendance.punched",
  "timesheet.corrected",
  "pay_period.approved",
  "pay_period.unlocked",
  "rota.published",
  "leave.decided",
  "employee.created",
  "employee.updated",
  "employee.archived",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
