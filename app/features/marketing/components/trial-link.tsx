import { PLANS } from "@domain/plans";

/**
 * The 3-day Pro trial, in a new tab. It goes to sign-up with the plan named; the hosted payment page
 * takes its place when billing arrives.
 */
export function TrialLink({ className = "button button--large button--ghost" }: { className?: string }) {
  return (
    <a className={className} href="/purchase/pro" target="_blank" rel="noopener">
      Start the {PLANS.pro.trialDays}-day Pro trial
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
