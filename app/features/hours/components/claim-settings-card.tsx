import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { detailOr } from "../../../lib/api";
import { toast } from "../../../lib/toast";
import { claimSettingsQuery, useSaveClaimSettings } from "../claim-settings-api";

// Whether staff's claims on open shifts go through without a manager (docs/staff-app.md, "My shifts,
// availability and open shifts"): the first claim that passes the rota's checks takes the shift.

export function ClaimSettingsCard({ locationId }: { locationId: string }) {
  const headingId = useId();
  const settings = useQuery(claimSettingsQuery(locationId));
  const save = useSaveClaimSettings(locationId);
  const [asked, setAsked] = useState<boolean | null>(null);
  if (!settings.data) return null;
  // While saving, the box shows what was asked for; a failure puts it back.
  const on = asked ?? settings.data.auto_approve_claims;
  return (
    <section className="card break-settings" aria-labelledby={headingId}>
      <h2 id={headingId}>Open shifts</h2>
      <p className="muted">
        Staff claim open shifts in the staff app. A claim waits for a manager on the Rota tab unless this is
        on.
      </p>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={on}
          disabled={save.isPending}
          onChange={async (event) => {
            const next = event.target.checked;
            setAsked(next);
            try {
              await save.mutateAsync(next);
              toast.success(next ? "Claims are approved automatically" : "Claims wait for a manager");
            } catch (error) {
              toast.error(detailOr(error, "Could not save the open shift setting"));
            } finally {
              setAsked(null);
            }
          }}
        />{" "}
        Approve open-shift claims automatically
      </label>
      <p className="muted small">The first claim that passes the working-time checks takes the shift.</p>
    </section>
  );
}
