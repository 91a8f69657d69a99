import type { Db } from "../db/client";
import { queueOutboxMessage } from "../db/email-outbox";
import { formatHours } from "../domain/hours";
import type { AutoClosedMail, NoShowMail, PinAttackMail } from "../domain/hub-exchange";
import { localDate, localTime, safeTimeZone } from "../domain/local-time";
import { formatDateAt } from "../domain/time-zone";
import { isDevelopment } from "../lib/config";
import { ApiError } from "../lib/errors";

/** A file sent with a message: its bytes in base64. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

export type EmailMessage = { to: string; subject: string; text: string; attachments?: EmailAttachment[] };

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** Offline default, development only: the message lands in the D1 outbox (GET /api/dev/outbox). */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Db) {}

  async send(message: EmailMessage): Promise<void> {
    await queueOutboxMessage(this.db, message);
    // The log says where to read it, never what it says: bodies carry codes.
    console.log(
      `[outbox] "${message.subject}": read it at /api/dev/outbox?email=${encodeURIComponent(message.to)}`,
    );
  }
}

/** Production: a Resend-compatible transactional e-mail HTTP API (POST JSON, bearer key). */
export class HttpMailer implements Mailer {
  constructor(private readonly config: { apiUrl: string; apiKey: string; from: string }) {}

  async send(message: EmailMessage): Promise<void> {
    const response = await fetch(this.config.apiUrl, {
      method: "POST",
      headers: { Authorization: `Bearer ${this.config.apiKey}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: this.config.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        // Resend's shape: base64 `content` named by `filename`, its type given rather than guessed.
        ...(message.attachments?.length
          ? {
              attachments: message.attachments.map((a) => ({
                filename: a.filename,
                content: a.content,
                content_type: a.contentType,
              })),
            }
          : {}),
      }),
    });
    if (!response.ok) throw new Error(`E-mail API answered ${response.status}`);
  }
}

export const EMAIL_NOT_CONFIGURED = "E-mail is not configured yet. Please try again later.";

/** The HTTP API when EMAIL_API_KEY is set; the outbox in development; otherwise 503, never a default. */
export function mailerFor(env: Env, db: Db): Mailer {
  if (env.EMAIL_API_KEY) {
    return new HttpMailer({ apiUrl: env.EMAIL_API_URL, apiKey: env.EMAIL_API_KEY, from: env.EMAIL_FROM });
  }
  if (isDevelopment(env)) return new OutboxMailer(db);
  console.error("EMAIL_API_KEY is not set: set it with `wrangler secret put EMAIL_API_KEY`");
  throw new ApiError(503, EMAIL_NOT_CONFIGURED);
}

export const codeEmail = (
  purpose: "verify_email" | "reset_password",
  code: string,
): Omit<EmailMessage, "to"> =>
  purpose === "verify_email"
    ? {
        subject: "Your Clocked verification code",
        text: `Your Clocked verification code is ${code}. It expires in 10 minutes. If you did not sign up, ignore this e-mail.`,
      }
    : {
        subject: "Reset your Clocked password",
        text: `Your Clocked password reset code is ${code}. It expires in 10 minutes. If you did not ask to reset your password, ignore this e-mail.`,
      };

export type ReportSummary = {
  name: string;
  staff: number;
  workedMinutes: number;
  overtimeMinutes: number;
  /** Planned against actual per employee (docs/rota.md, "Reports"); absent when the period had no rota. */
  plan?: readonly { name: string; plannedMinutes: number; workedMinutes: number }[];
};

/** "+1h 30m", "-0h 45m", "0h 0m": actual less planned. */
const signedHours = (minutes: number) =>
  `${minutes > 0 ? "+" : minutes < 0 ? "-" : ""}${formatHours(Math.abs(minutes))}`;

/** The Monday e-mail: what was made and where to get it. Hours only in totals; the file stays in Clocked. */
export function weeklyReportEmail(input: {
  managerName: string;
  locationName: string;
  reports: readonly ReportSummary[];
  dashboardUrl: string;
  /** The latest pay period that ended with hours not yet approved, and where to approve it. */
  approvalWaiting?: { name: string; url: string } | null;
}): Omit<EmailMessage, "to"> {
  const [first] = input.reports;
  const lines = input.reports.flatMap((r) => [
    `- ${r.name}: ${r.staff} staff, ${formatHours(r.workedMinutes)} worked, ${formatHours(r.overtimeMinutes)} overtime`,
    ...(r.plan && r.plan.length > 0
      ? [
          "  Planned against actual (the rota):",
          ...r.plan.map(
            (p) =>
              `  ${p.name}: ${formatHours(p.plannedMinutes)} planned, ${formatHours(p.workedMinutes)} worked (${signedHours(p.workedMinutes - p.plannedMinutes)})`,
          ),
        ]
      : []),
  ]);
  return {
    subject: `Hours report for ${input.locationName}${first ? `: ${first.name}` : ""}`,
    text: [
      `Hello ${input.managerName},`,
      "",
      `Your automated hours report${input.reports.length > 1 ? "s" : ""} for ${input.locationName} ${input.reports.length > 1 ? "are" : "is"} ready:`,
      ...lines,
      "",
      `Download the CSV from the Hours tab of your dashboard: ${input.dashboardUrl}`,
      ...(input.approvalWaiting
        ? ["", `${input.approvalWaiting.name} is waiting for your approval: ${input.approvalWaiting.url}`]
        : []),
      "",
      "Clocked",
    ].join("\n"),
  };
}

/** The one e-mail of a wrong-PIN incident: what happened, what still works, what the manager can do. */
export function pinAttackEmail(input: PinAttackMail): Omit<EmailMessage, "to"> {
  const zone = safeTimeZone(input.timeZone);
  const day = localDate(input.startedAt, zone).split("-").reverse().join("/");
  const kiosk = input.publicKiosk ? "the public kiosk page" : "one of your paired kiosks";
  return {
    subject: `Repeated wrong PINs at ${input.locationName}`,
    text: [
      `Hello ${input.managerName},`,
      "",
      `${input.wrongPins} wrong PINs were entered at ${kiosk} for ${input.locationName} (from ${localTime(input.startedAt, zone)} on ${day}).`,
      "That kiosk is paused for a while, so the PINs cannot be guessed; your other kiosks keep working.",
      input.publicKiosk
        ? 'If this was not your staff, pair your kiosks and turn on "Only paired kiosks" in the Attendance Form tab: the public page then stops taking PINs.'
        : "If this was not your staff, unpair that kiosk in the Attendance Form tab.",
      "",
      `Live Status shows the attempts as they happen: ${input.dashboardUrl}`,
      "",
      "Clocked",
    ].join("\n"),
  };
}

/** Staff on a published shift not in by the location's no-show threshold: who, which shift, where to look. */
export function noShowEmail(input: NoShowMail): Omit<EmailMessage, "to"> {
  const zone = safeTimeZone(input.timeZone);
  const [first] = input.shifts;
  const count = input.shifts.length;
  const day = localDate(first?.start ?? 0, zone)
    .split("-")
    .reverse()
    .join("/");
  return {
    subject:
      count === 1 && first
        ? `No-show at ${input.locationName}: ${first.name} (${first.shift})`
        : `${count} no-shows at ${input.locationName}`,
    text: [
      `Hello ${input.managerName},`,
      "",
      `${count === 1 ? "This person has" : "These people have"} not clocked in at ${input.locationName} for their shift on ${day}:`,
      "",
      ...input.shifts.map((s) => `- ${s.name}: ${s.shift}${s.role ? ` (${s.role})` : ""}`),
      "",
      `You may want to call them or find cover. Live Status shows who is in now: ${input.dashboardUrl}`,
      "",
      "Clocked",
    ].join("\n"),
  };
}

/** The day's one e-mail about forgotten clock-outs the location's hub closed: who, when, and where to check. */
export function autoClosedEmail(input: AutoClosedMail): Omit<EmailMessage, "to"> {
  const zone = safeTimeZone(input.timeZone);
  const when = (at: number) => `${localDate(at, zone).split("-").reverse().join("/")} ${localTime(at, zone)}`;
  const count = input.sessions.length;
  return {
    subject: `${count} forgotten clock-out${count === 1 ? "" : "s"} at ${input.locationName} to review`,
    text: [
      `Hello ${input.managerName},`,
      "",
      `${count === 1 ? "This session was" : "These sessions were"} still open long after check-in at ${input.locationName}, so Clocked closed ${count === 1 ? "it" : "them"} at the end of a standard workday:`,
      "",
      ...input.sessions.map((s) => `- ${s.name}: in ${when(s.checkIn)}, closed at ${when(s.checkOut)}`),
      "",
      `Please check the hours in the Hours tab, where they are flagged for review: ${input.dashboardUrl}`,
      "",
      "Clocked",
    ].join("\n"),
  };
}

/** Sent when a manager closes the account: the record of what happened and when the data goes. */
export function accountClosedEmail(input: {
  managerName: string;
  deletedBy: number;
  /** The attendance, holiday and pay records' legal hold. */
  recordsKeptUntil: number;
}): Omit<EmailMessage, "to"> {
  const day = formatDateAt(input.deletedBy, "Europe/London");
  return {
    subject: "Your Clocked account has been closed",
    text: [
      `Hello ${input.managerName},`,
      "",
      "Your Clocked account has been closed, as you asked. Any subscription was cancelled and you will not be charged again.",
      "Your kiosks have stopped and every sign-in has ended.",
      `Everything your account held will be deleted by ${day}, except your staff's attendance, holiday and pay records: UK law has employers keep these for 6 years, so we keep them, closed to everyone, until ${formatDateAt(input.recordsKeptUntil, "Europe/London")}. Until then nobody can open them, and afterwards nothing can be recovered.`,
      "",
      "If this was not you, contact Clocked support straight away.",
      "",
      "Clocked",
    ].join("\n"),
  };
}

/**
 * An invitation to an account's team: who asked, for what, and the link. The token is in the link's fragment
 * (`#`), which no server, log or Referer sees; the page it opens reads it (docs/team.md, "Invitations").
 */
export function invitationEmail(input: {
  invitedBy: string;
  accountName: string;
  roleLabel: string;
  locationNames: readonly string[];
  mayApprovePay: boolean;
  link: string;
  expiresAt: number;
}): Omit<EmailMessage, "to"> {
  const where = input.locationNames.length > 0 ? ` for ${input.locationNames.join(", ")}` : "";
  // The account is known by its owner's name; an admin invites to the owner's team.
  const team = input.invitedBy === input.accountName ? "their team" : `${input.accountName}'s team`;
  return {
    subject: `${input.invitedBy} has invited you to join ${team} on Clocked`,
    text: [
      "Hello,",
      "",
      `${input.invitedBy} has invited you to join ${team} on Clocked, with the role ${input.roleLabel}${where}.`,
      ...(input.mayApprovePay ? ["You will be able to approve pay periods and export payroll."] : []),
      "",
      `Accept the invitation and choose your password: ${input.link}`,
      "",
      `The link works once and expires on ${formatDateAt(input.expiresAt, "Europe/London")} (7 days). If you were not expecting this invitation, ignore this e-mail.`,
      "",
      "Clocked",
    ].join("\n"),
  };
}

/** A week's shifts for one employee (docs/rota.md, "Telling staff"): each shift, any cancelled, who to ask. */
export function rotaEmail(input: {
  firstName: string;
  locationName: string;
  /** The week's Monday, "16/11/2026". */
  week: string;
  /** "Tue 17/11 09:00–17:00, 30 min break, Barista", in the location's time. */
  shifts: readonly string[];
  cancelled: readonly string[];
}): Omit<EmailMessage, "to"> {
  return {
    subject: `Your shifts at ${input.locationName}, week beginning ${input.week}`,
    text: [
      `Hello ${input.firstName},`,
      "",
      input.shifts.length > 0
        ? `Your shifts at ${input.locationName} for the week beginning ${input.week}:`
        : `You have no shifts at ${input.locationName} in the week beginning ${input.week}.`,
      ...input.shifts.map((s) => `- ${s}`),
      ...(input.cancelled.length > 0
        ? ["", "No longer yours (cancelled or moved):", ...input.cancelled.map((s) => `- ${s}`)]
        : []),
      "",
      "The attached calendar file adds them to your phone's calendar, and updates it when they change.",
      `If anything here is wrong or you cannot work a shift, ask your manager at ${input.locationName}.`,
      "",
      "Clocked",
    ].join("\n"),
  };
}
