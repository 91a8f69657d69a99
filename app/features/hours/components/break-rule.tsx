// The break card's rule and the law beside it (./break-settings-card.tsx).

/** The rule, in the words docs/hours.md uses. */
export function BreakRule(props: {
  minutes: number;
  enabled: boolean;
  overrides: boolean;
  recorded: boolean;
}) {
  const clocked = "Breaks clocked at the kiosk are unpaid, minute for minute.";
  if (!props.enabled) {
    const off = "Automatic break deduction is off: every minute worked counts.";
    return (
      <>
        <p className="muted">{props.recorded ? `${off} ${clocked}` : off}</p>
        <StatutoryBreak />
      </>
    );
  }
  const rule = `${props.minutes}-minute break is deducted once a day, only on days worked over 6 hours, and never more than the time worked`;
  return (
    <>
      <p className="muted">
        {props.recorded
          ? `${clocked} On a day without one, a ${rule}; such a day is marked “break assumed”.`
          : `A ${rule}.`}
        {props.overrides && " An employee's own break (Employees → Breaks) replaces it."}
      </p>
      <StatutoryBreak />
    </>
  );
}

/** What the law asks, beside what is configured: the deduction is pay, not the rest break itself. */
function StatutoryBreak() {
  return (
    <p className="muted small break-settings__law">
      The law: an adult who works more than 6 hours in a day is entitled to an uninterrupted rest break of at
      least 20 minutes (a worker under 18: 30 minutes after 4.5 hours), which need not be paid (Working Time
      Regulations 1998, reg 12). A deducted break is not proof that one was taken: only a break clocked at the
      kiosk shows that.
    </p>
  );
}
