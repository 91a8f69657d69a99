import type { PinAlert } from "@contracts/live";

const timeIn = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone }).format(new Date(iso));

const plural = (n: number, one: string) => `${n.toLocaleString("en-GB")} ${one}${n === 1 ? "" : "s"}`;

/**
 * Someone is guessing PINs: which kiosk, since when, how many, whether it is paused, and what to do.
 * Shown while an incident is going on (a wrong PIN or a refused submit within the last hour).
 */
export function PinAlerts({ alerts, timeZone }: { alerts: PinAlert[]; timeZone: string }) {
  if (alerts.length === 0) return null;
  return (
    <div className="notice notice--error pin-alerts" role="alert">
      {alerts.map((alert) => {
        const kiosk = alert.kiosk === "public" ? "the public kiosk page" : "a paired kiosk";
        const refused = alert.refused > 0 ? ` and ${plural(alert.refused, "attempt")} refused` : "";
        return (
          <div key={`${alert.kiosk}-${alert.device_id ?? ""}-${alert.started_at}`}>
            <strong>Possible PIN guessing at {kiosk}.</strong> {plural(alert.wrong_pins, "wrong PIN")} since{" "}
            {timeIn(alert.started_at, timeZone)}
            {refused}.{" "}
            {alert.paused_until
              ? `That kiosk is paused until ${timeIn(alert.paused_until, timeZone)}; your other kiosks keep working.`
              : "That kiosk is taking PINs again."}{" "}
            {alert.kiosk === "public"
              ? "If this isn't your staff, pair your kiosks and turn on “Only paired kiosks” in the Attendance Form tab."
              : "If this isn't your staff, unpair that kiosk in the Attendance Form tab."}
          </div>
        );
      })}
    </div>
  );
}
