import type { EmailMessage } from "./email";

// The staff app's invitation e-mail (docs/staff-app.md, "Invitations"). The link carries no token: the code
// e-mailed at sign-in is the proof that the address is theirs.

export function staffInvitationEmail(input: {
  firstName: string;
  locationName: string;
  appUrl: string;
  email: string;
}): Omit<EmailMessage, "to"> {
  const link = `${input.appUrl.replace(/\/+$/, "")}/me`;
  return {
    subject: `${input.locationName} invites you to the Clocked staff app`,
    text: [
      `Hello ${input.firstName},`,
      "",
      `${input.locationName} uses Clocked. On your phone you can now see your shifts, your hours and your holiday, and ask for time off.`,
      "",
      `1. Open ${link} on your phone.`,
      `2. Enter this e-mail address (${input.email}) and tap "Email me a code".`,
      "3. Type in the 6-digit code we e-mail you. No password needed.",
      "",
      "Then add it to your home screen, and add a passkey on More to sign in with your fingerprint or face next time.",
      "",
      "Clocked",
    ].join("\n"),
  };
}
