import type { WebhookEventType } from "@contracts/webhook-events";

/** Each event as the dashboard names it (docs/webhooks.md, "Events"). */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  "attendance.punched": "Someone clocks in or out, or starts or ends a break",
  "timesheet.corrected": "A timesheet entry is added, changed or voided",
  "pay_period.approved": "A pay period is approved",
  "pay_period.unlocked": "An approved pay period is unlocked",
  "rota.published": "A rota week is published",
  "leave.decided": "A leave request is approved or declined",
  "employee.created": "An employee is added",
  "employee.updated": "An employee's details change",
  "employee.archived": "An employee is archived",
};
