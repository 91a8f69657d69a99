import type { Db } from "../db/client";
import { emailOutbox } from "../db/schema";
import { formatHours } from "../domain/hours";
import { newId } from "../lib/crypto";

export type EmailMessage = { to: string; subject: string; text: string };

export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** Offline default: the message lands in the D1 outbox (read via /api/dev/outbox in development). */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly db: Db,
    private readonly log = true,
  ) {}

  async send(message: EmailMessage): Promise<void> {
    await this.db.insert(emailOutbox).values({
      id: newId(),
      toEmail: message.to,
      subject: message.subject,
      body: message.text,
      createdAt: Date.now(),
    });
    // Development convenience only: this adapter is never used once an e-mail API key is configured.
    if (this.log) console.log(`[outbox] to ${message.to}: ${message.subject} — ${message.text}`);
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
      }),
    });
    if (!response.ok) throw new Error(`E-mail API answered ${response.status}`);
  }
}

export function mailerFor(env: Env, db: Db): Mailer {
  if (env.EMAIL_API_KEY) {
    return new HttpMailer({ apiUrl: env.EMAIL_API_URL, apiKey: env.EMAIL_API_KEY, from: env.EMAIL_FROM });
  }
  return new OutboxMailer(db, env.ENVIRONMENT === "development");
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

export type ReportSummary = { name: string; staff: number; workedMinutes: number; overtimeMinutes: number };

/** The Monday e-mail: what was made and where to get it. Hours only in totals; the file stays in Clocked. */
export function weeklyReportEmail(input: {
  managerName: string;
  locationName: string;
  reports: readonly ReportSummary[];
  dashboardUrl: string;
}): Omit<EmailMessage, "to"> {
  const [first] = input.reports;
  const lines = input.reports.map(
    (r) =>
      `- ${r.name}: ${r.staff} staff, ${formatHours(r.workedMinutes)} worked, ${formatHours(r.overtimeMinutes)} overtime`,
  );
  return {
    subject: `Hours report for ${input.locationName}${first ? `: ${first.name}` : ""}`,
    text: [
      `Hello ${input.managerName},`,
      "",
      `Your automated hours report${input.reports.length > 1 ? "s" : ""} for ${input.locationName} ${input.reports.length > 1 ? "are" : "is"} ready:`,
      ...lines,
      "",
      `Download the CSV from the Hours tab of your dashboard: ${input.dashboardUrl}`,
      "",
      "Clocked",
    ].join("\n"),
  };
}
