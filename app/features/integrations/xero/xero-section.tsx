import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useChooseOrganisation, useConnectXero, useDisconnectXero, xeroStatusQuery } from "./api";
import { EarningsRates } from "./earnings-rates";
import { EmployeeMatches } from "./employee-matches";
import { XeroSends } from "./xero-sends";

const ARRIVALS: Record<string, string> = {
  failed: "Xero did not connect: please try again.",
  expired: "That sign-in to Xero had expired: please connect again.",
  cancelled: "Xero was not connected.",
};

/** How the manager came back from Xero's sign-in (`?xero=…`, worker/routes/xero.ts), read once and removed. */
function arrivalFromXero(): string | null {
  const url = new URL(window.location.href);
  const outcome = url.searchParams.get("xero");
  if (outcome === null) return null;
  url.searchParams.delete("xero");
  window.history.replaceState(window.history.state, "", url);
  return ARRIVALS[outcome] ?? null;
}

/** Settings → Integrations → Xero Payroll: connect, match employees and pay elements, send approved periods. */
export function XeroSection() {
  const [arrival] = useState(arrivalFromXero);
  const status = useQuery(xeroStatusQuery);
  const connect = useConnectXero();
  const disconnect = useDisconnectXero();
  const choose = useChooseOrganisation();
  const pickerId = useId();
  const answer = status.data;

  return (
    <section className="subscription-dialog__section xero" aria-label="Xero Payroll">
      <h3>Xero Payroll</h3>
      {arrival && <p role="alert">{arrival}</p>}
      {!answer ? (
        <p>Loading…</p>
      ) : !answer.set_up ? (
        <p role="status">The Xero integration is not set up on this server yet.</p>
      ) : !answer.connected ? (
        <>
          <p>Send approved hours straight to Xero Payroll as draft timesheets.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={connect.isPending}
            onClick={() => connect.mutate()}
          >
            Connect Xero
          </button>
        </>
      ) : (
        <>
          <p role="status">
            {answer.organisation ? (
              <>
                Connected to <strong>{answer.organisation.name}</strong>
              </>
            ) : (
              "Connected: choose the organisation to send to."
            )}
          </p>
          {!answer.organisation && (
            <label htmlFor={pickerId}>
              Organisation{" "}
              <select
                id={pickerId}
                defaultValue=""
                onChange={(e) => e.target.value && choose.mutate(e.target.value)}
              >
                <option value="">Choose…</option>
                {answer.organisations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={disconnect.isPending}
            onClick={() => disconnect.mutate()}
          >
            Disconnect Xero
          </button>
          {answer.organisation && (
            <>
              <EmployeeMatches />
              <EarningsRates />
              <XeroSends />
            </>
          )}
        </>
      )}
    </section>
  );
}
