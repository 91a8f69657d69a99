import { RULE_NAMES, type RuleNotChecked } from "@contracts/compliance";
import { breachDate } from "../format";

/**
 * The rules a light does not cover at this location, said in words beside it: rest breaks where the kiosk
 * does not record breaks are "Not checked", never "All clear". With `dates`, the days they would have applied.
 */
export function NotChecked({ rules }: { rules: (RuleNotChecked & { dates?: string[] })[] }) {
  if (rules.length === 0) return null;
  return (
    <ul className="compliance-not-checked">
      {rules.map((rule) => (
        <li key={rule.rule} className="muted">
          <strong>{RULE_NAMES[rule.rule]}:</strong> {rule.verdict}
          {rule.dates === undefined
            ? ". Turn on “Record breaks at the kiosk” (Hours → Daily Break Settings) to check them."
            : rule.dates.length > 0
              ? `: a break was due on ${rule.dates.map((date) => breachDate(rule.rule, date)).join(", ")}.`
              : "."}
        </li>
      ))}
    </ul>
  );
}
