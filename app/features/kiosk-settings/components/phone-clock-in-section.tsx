import type { PhoneClockInSettings } from "@contracts/staff-phone";
import { featureDeniedMessage } from "@domain/plans";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { toast } from "../../../lib/toast";
import { UpgradeHint } from "../../billing";
import { phoneClockInQuery, savePhoneClockIn } from "../api";

// The Attendance Form tab's "Phone clock-in" card (docs/staff-app.md): on or off, the site's position taken
// from this browser while standing there, and how far from it staff may clock in.

type Fix = { latitude: number; longitude: number; accuracy: number };

function hereNow(): Promise<Fix> {
  return new Promise((resolve, reject) => {
    if (!("geolocation" in navigator)) {
      reject(new Error("This browser can't tell where it is."));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      ({ coords }) =>
        resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy }),
      (error) =>
        reject(
          new Error(
            error.code === 1
              ? "Allow this site to use your location, then press again."
              : "Your device couldn't find where it is. Try again.",
          ),
        ),
      { enableHighAccuracy: true, timeout: 15_000, maximumAge: 0 },
    );
  });
}

export function PhoneClockInSection({ locationId, onPlan }: { locationId: string; onPlan: boolean }) {
  const headingId = useId();
  const radiusId = useId();
  const queryClient = useQueryClient();
  const loaded = useQuery({ ...phoneClockInQuery(locationId), enabled: onPlan });
  const [fix, setFix] = useState<Fix | null>(null);
  const [finding, setFinding] = useState(false);
  const [radius, setRadius] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (patch: Parameters<typeof savePhoneClockIn>[1]) => savePhoneClockIn(locationId, patch),
    meta: { errorToast: "Phone clock-in settings not saved" },
    onSuccess: (saved) => {
      queryClient.setQueryData(phoneClockInQuery(locationId).queryKey, saved);
      setFix(null);
      setRadius(null);
      toast.success("Saved");
    },
  });

  async function takeHere() {
    setFinding(true);
    try {
      setFix(await hereNow());
    } catch (error) {
      toast.error(error instanceof Error ? error.message : "Could not find where you are.");
    } finally {
      setFinding(false);
    }
  }

  const saved: PhoneClockInSettings | undefined = loaded.data;
  const body = !onPlan ? (
    <UpgradeHint>{featureDeniedMessage("phoneClockIn")}</UpgradeHint>
  ) : !saved ? (
    <p className="muted">{loaded.isError ? "Could not load the phone clock-in settings." : "Loading…"}</p>
  ) : (
    <div className="phone-clock-in">
      <label className="phone-clock-in__toggle">
        <input
          type="checkbox"
          // The choice shows at once while it saves (and goes back if the save fails).
          checked={
            save.isPending && save.variables.enabled !== undefined ? save.variables.enabled : saved.enabled
          }
          disabled={save.isPending || saved.latitude === null}
          onChange={(event) => save.mutate({ enabled: event.target.checked })}
        />{" "}
        Let staff clock in from their phones at this location
      </label>
      <p className="muted">
        {saved.latitude === null
          ? "No position set yet."
          : `Site position: ${saved.latitude.toFixed(5)}, ${saved.longitude?.toFixed(5)}`}
      </p>
      <div className="phone-clock-in__here">
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void takeHere()}
          disabled={finding}
        >
          {finding ? "Finding where you are…" : "Use where I am now"}
        </button>
        <span className="muted small">Stand at the site when you press it.</span>
      </div>
      {fix && (
        <p role="status">
          Found {fix.latitude.toFixed(5)}, {fix.longitude.toFixed(5)}, accurate to about{" "}
          {Math.round(fix.accuracy)} m.
        </p>
      )}
      <label htmlFor={radiusId}>Radius (metres, 50 to 1,000)</label>
      <input
        id={radiusId}
        type="number"
        min={50}
        max={1000}
        step={10}
        inputMode="numeric"
        value={radius ?? saved.radius_metres}
        onChange={(event) => setRadius(Number(event.target.value))}
      />
      <button
        type="button"
        className="button"
        disabled={save.isPending || (fix === null && (radius === null || radius === saved.radius_metres))}
        onClick={() =>
          save.mutate({
            ...(fix ? { latitude: fix.latitude, longitude: fix.longitude } : {}),
            ...(radius !== null ? { radius_metres: radius } : {}),
          })
        }
      >
        Save position and radius
      </button>
    </div>
  );
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Phone clock-in</h2>
      {body}
      <p className="muted small">
        Only the position at each punch is kept (to about 10 m, with its accuracy), shown to managers on the
        entry and deleted with the pay records. Nothing is tracked between punches.
      </p>
    </section>
  );
}
