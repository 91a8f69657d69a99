import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { locationsQuery } from "../../locations";
import { payRulesQuery } from "../../pay";
import { useSendToXero, xeroSendsQuery } from "./api";

const STATUS_WORDS = { queued: "Waiting", sent: "Sent", failed: "Not sent" } as const;
/** pay_2026-11-16 → "Pay period from 16/11/2026". */
const periodWords = (key: string) => `Pay period from ${key.slice(4).split("-").reverse().join("/")}`;

/** "Send to Xero" for a location's approved period, and what each employee's timesheet became. */
export function XeroSends() {
  const locations = useQuery(locationsQuery);
  const [picked, setPicked] = useState<string | null>(null);
  const locationId = picked ?? locations.data?.locations[0]?.id ?? "";
  const locationPicker = useId();
  if (!locationId) return null;
  return (
    <div className="xero__block">
      <h4>Send to Xero</h4>
      {(locations.data?.locations.length ?? 0) > 1 && (
        <label htmlFor={locationPicker}>
          Location{" "}
          <select id={locationPicker} value={locationId} onChange={(e) => setPicked(e.target.value)}>
            {locations.data?.locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </label>
      )}
      <LocationSends key={locationId} locationId={locationId} />
    </div>
  );
}

function LocationSends({ locationId }: { locationId: string }) {
  const periods = useQuery(payRulesQuery(locationId));
  const sends = useQuery(xeroSendsQuery(locationId));
  const send = useSendToXero(locationId);
  const [period, setPeriod] = useState("");
  const periodPicker = useId();
  const options = periods.data?.pay_periods ?? [];
  const chosen = period || options[1]?.key || options[0]?.key || "";
  const nameOf = (key: string) => options.find((o) => o.key === key)?.name ?? periodWords(key);

  return (
    <>
      <label htmlFor={periodPicker}>
        Approved pay period{" "}
        <select id={periodPicker} value={chosen} onChange={(e) => setPeriod(e.target.value)}>
          {options.map((o) => (
            <option key={o.key} value={o.key}>
              {o.name}
            </option>
          ))}
        </select>
      </label>{" "}
      <button
        type="button"
        className="button button--primary button--small"
        disabled={!chosen || send.isPending}
        onClick={() => send.mutate(chosen)}
      >
        Send to Xero
      </button>
      {(sends.data?.sends.length ?? 0) > 0 && (
        <table className="xero__table">
          <caption>Timesheets sent to Xero</caption>
          <thead>
            <tr>
              <th scope="col">Pay period</th>
              <th scope="col">Employee</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {sends.data?.sends.map((s) => (
              <tr key={`${s.period}-${s.employee_id}`}>
                <td>{nameOf(s.period)}</td>
                <th scope="row">{s.name}</th>
                <td className={`xero__status xero__status--${s.status}`}>
                  {STATUS_WORDS[s.status]}
                  {s.error && <div className="xero__error">{s.error}</div>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
