import { PAY_ELEMENTS, type PayRules } from "@contracts/pay";
import { hasFeature } from "@domain/plans";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { UpgradeNote } from "../../../components/upgrade-hint";
import { payRulesQuery } from "../api";
import { overtimeText, premiumText, roundingName } from "../format";
import { OvertimeForm } from "./overtime-form";
import "../pay.css";

type Props = { locationId: string; plan: string };

/**
 * The Hours tab's Overtime and pay codes: when time becomes overtime, which days are paid at a premium, how
 * each day is rounded, and what the location's payroll software calls each pay element. They shape the
 * payroll exports. Pro and Business change them; Starter sees them with an upgrade hint. A failed read
 * leaves the card out, as the tab's other side cards.
 */
export function OvertimeCard({ locationId, plan }: Props) {
  const query = useQuery(payRulesQuery(locationId));
  if (!query.data) return null;
  return (
    <Overtime
      rules={query.data.pay_rules}
      locationId={locationId}
      locked={!hasFeature({ plan }, "payroll")}
    />
  );
}

function Overtime({ rules, locationId, locked }: { rules: PayRules; locationId: string; locked: boolean }) {
  const headingId = useId();
  return (
    <section className="card pay-overtime" aria-labelledby={headingId}>
      <h2 id={headingId}>Overtime and pay codes</h2>
      <p className="muted">
        How an approved pay period is split into basic, overtime and premium hours in the payroll export. An
        employee with contracted hours (Employees → Pay) gets overtime only beyond them.
      </p>
      {locked ? (
        <>
          <dl className="facts">
            <dt>Overtime</dt>
            <dd>{overtimeText(rules)}</dd>
            <dt>Premium days</dt>
            <dd>{premiumText(rules)}</dd>
            <dt>Round each day to</dt>
            <dd>{roundingName(rules.rounding_minutes)}</dd>
            <dt>Pay codes</dt>
            <dd>{PAY_ELEMENTS.map((element) => rules.pay_codes[element]).join(", ")}</dd>
          </dl>
          <UpgradeNote feature="payroll" />
        </>
      ) : (
        // Our own checks (the API's messages) rather than the browser's bubbles.
        <OvertimeForm rules={rules} locationId={locationId} />
      )}
    </section>
  );
}
