import type { Location } from "@contracts/locations";
import { hasFeature } from "@domain/plans";
import { useId } from "react";
import { LockedButton, UpgradeNote } from "../../../components/upgrade-hint";
import { useCan } from "../../../lib/permissions";
import { EvidencePack } from "./evidence-pack";
import { HolidayBalances } from "./holiday-balances";
import { HolidaySettings } from "./holiday-settings";
import { LocationSummary } from "./location-summary";
import { WeekReport } from "./week-report";
import { WorkingTimeSettings } from "./working-time-settings";
import "../compliance.css";

type Props = { location: Location; plan: string };

/**
 * UK working time and holiday, checked from the clock data (Pro and Business): every location's light, the
 * chosen location's week per employee, irregular-hours holiday, and the evidence pack. On Starter the tab
 * says what it would check, with the upgrade hint.
 */
export function ComplianceTab({ location, plan }: Props) {
  // The working-time agreements and the holiday year are the account's settings (owners and admins).
  const maySet = useCan()("settings:edit");
  if (!hasFeature({ plan }, "compliance")) return <ComplianceLocked />;
  return (
    <div className="compliance">
      <LocationSummary currentId={location.id} />
      <WeekReport location={location} />
      <div className="compliance__cards">
        <HolidayBalances locationId={location.id} />
        <EvidencePack location={location} />
      </div>
      {maySet && (
        <>
          <WorkingTimeSettings location={location} />
          <HolidaySettings location={location} />
        </>
      )}
    </div>
  );
}

function ComplianceLocked() {
  const headingId = useId();
  return (
    <section className="card compliance-locked" aria-labelledby={headingId}>
      <h2 id={headingId}>Working time and holiday</h2>
      <p>
        Clocked can check every shift against the Working Time Regulations 1998: rest breaks, daily and weekly
        rest, the 48-hour average week, young workers' limits and night work, and the National Minimum Wage.
        It shows a traffic light for each location and employee, works out holiday for irregular-hours
        workers, and makes an evidence pack for an inspector.
      </p>
      <UpgradeNote feature="compliance" />
      <div className="compliance-locked__actions">
        <LockedButton feature="compliance" label="Download PDF" name="Evidence pack" />
        <LockedButton feature="compliance" label="Download CSV" name="Evidence pack" />
      </div>
    </section>
  );
}
