// The legal terms stated in-page, effective 3 October 2025.
export const LEGAL_EFFECTIVE_DATE = "3 October 2025";

export type LegalDocument = { title: string; sections: { heading: string; body: string }[] };

export const TERMS: LegalDocument = {
  title: "Terms & Conditions",
  sections: [
    {
      heading: "Free trial",
      body: "The 3-day Pro trial converts automatically to a monthly paid plan unless you cancel before it ends.",
    },
    {
      heading: "Cancellation",
      body: "You can cancel at any time from your account dashboard. Your plan stays active until the end of the period you have paid for.",
    },
    {
      heading: "Fees",
      body: "Fees are charged monthly in advance in pounds sterling and are non-refundable once the billing period starts. Each plan also has a one-off implementation fee.",
    },
    {
      heading: "Payment",
      body: "Payments are processed by our payment provider. If a payment fails we will let you know; continued failure may lead to suspension of your account until payment is made.",
    },
    {
      heading: "AI features",
      body: "Clocked uses AI-powered analytics, recommendations and smart scheduling. AI answers are based on your own data and should be checked before you rely on them for pay decisions.",
    },
    {
      heading: "Governing law",
      body: "These terms are governed by the law of England and Wales.",
    },
  ],
};

export const PRIVACY: LegalDocument = {
  title: "Privacy Policy",
  sections: [
    {
      heading: "What we collect",
      body: "E-mail addresses, device and cookie data, and payment details (held by our payment provider). For your staff we keep names, hashed PINs and attendance records that you enter.",
    },
    {
      heading: "Clocking in from a phone",
      body: "Where an employer turns on phone clock-in, the staff app reads the phone's position only when the staff member presses Clock in, Clock out or a break button, to check they are at work. We keep that one position with the punch, rounded to about 10 metres, with the accuracy the phone stated and its distance from the site; managers see it on the entry. Nothing is tracked between punches, and the positions are deleted with the pay records they belong to.",
    },
    {
      heading: "Notifications",
      body: "When a staff member turns on notifications in the staff app, we keep the address their browser's push service gave us, and its keys, to send them rota, shift, leave and query notices. Turning them off, or the push service saying the address is gone, deletes it.",
    },
    {
      heading: "Why",
      body: "To run your account, record attendance, produce the reports you ask for, take payment and keep the service secure.",
    },
    {
      heading: "Keeping and deleting",
      body: "When you close your account, your account data is deleted or anonymised within 30 days, except your staff's attendance, holiday and pay records: UK law has employers keep these for 6 years, so we keep them, closed to everyone, for 6 years from the end of the last pay period they belong to, and then delete them. Deleting an employee or archiving a location hides their records but keeps them for the same reason.",
    },
    {
      heading: "Your rights",
      body: "You can ask for a copy of your data, or for it to be corrected or deleted, by contacting us from your account e-mail address.",
    },
    {
      heading: "Governing law",
      body: "This policy is governed by the law of England and Wales.",
    },
  ],
};
