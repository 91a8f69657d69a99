import type { EmailMessage } from "./email";

// The staff app's sign-in e-mail (docs/staff-app.md). It names nobody's employer: the address could have
// been typed by anyone.

export const staffCodeEmail = (firstName: string, code: string): Omit<EmailMessage, "to"> => ({
  subject: "Your Clocked sign-in code",
  text: [
    `Hello ${firstName},`,
    "",
    `Your code to sign in to the Clocked staff app is ${code}. It works for 10 minutes.`,
    "If you did not ask for it, you can ignore this e-mail: nobody can sign in without the code.",
    "",
    "Clocked",
  ].join("\n"),
});
