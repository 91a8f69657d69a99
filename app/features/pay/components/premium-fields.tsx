import { BANK_HOLIDAY_REGIONS, type BankHolidayRegion, PREMIUM_DAYS, type PremiumDays } from "@contracts/pay";
import { useId } from "react";
import { Field } from "../../../components/field";
import { BANK_HOLIDAY_REGION_NAMES, PREMIUM_DAY_NAMES } from "../format";
import type { OvertimeForm } from "../use-overtime-form";

type Props = Pick<OvertimeForm, "form" | "set" | "busy" | "invalid">;

/** Which days are premium, whose bank holidays, and at what rate (./overtime-form.tsx). */
export function PremiumFields({ form, set, busy, invalid }: Props) {
  const premiumId = useId();
  const regionId = useId();
  return (
    <fieldset className="pay-overtime__group">
      <legend>Premium pay</legend>
      <div className="pay-schedule__fields">
        <div className="field">
          <label htmlFor={premiumId}>Premium days</label>
          <select
            id={premiumId}
            value={form.premiumDays}
            disabled={busy}
            aria-describedby={`${premiumId}-hint`}
            onChange={(e) => set("premiumDays", e.target.value as PremiumDays)}
          >
            {PREMIUM_DAYS.map((days) => (
              <option key={days} value={days}>
                {PREMIUM_DAY_NAMES[days]}
              </option>
            ))}
          </select>
          <p id={`${premiumId}-hint`} className="field__hint">
            All the time worked on these days is premium, not basic or overtime.
          </p>
        </div>
        <div className="field">
          <label htmlFor={regionId}>Bank holidays of</label>
          <select
            id={regionId}
            value={form.region}
            disabled={busy}
            onChange={(e) => set("region", e.target.value as BankHolidayRegion)}
          >
            {BANK_HOLIDAY_REGIONS.map((region) => (
              <option key={region} value={region}>
                {BANK_HOLIDAY_REGION_NAMES[region]}
              </option>
            ))}
          </select>
        </div>
        <Field
          label="Premium multiplier"
          type="number"
          inputMode="decimal"
          min={1}
          max={4}
          step={0.01}
          value={form.premiumMultiplier}
          disabled={busy}
          hint="From 1 to 4: 2 is double time."
          {...invalid("premium_multiplier")}
          onChange={(e) => set("premiumMultiplier", e.target.value)}
        />
      </div>
    </fieldset>
  );
}
