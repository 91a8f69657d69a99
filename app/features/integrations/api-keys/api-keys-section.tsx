import type { ApiKey, ApiKeyScope } from "@contracts/api-keys";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { shortDateTime } from "../../../lib/dates";
import { locationsQuery } from "../../locations";
import { RevealedSecret } from "../components/revealed-secret";
import { apiKeysQuery, useApiPayData, useRevokeApiKey } from "./api";
import { CreateKeyDialog } from "./create-key-dialog";

const SCOPE_LABELS: Record<ApiKeyScope, string> = { read: "Read only", read_write: "Read and write" };

/** Settings → Integrations → API keys: what other systems may read and change through /api/v1. */
export function ApiKeysSection() {
  const titleId = useId();
  const payId = useId();
  const keys = useQuery(apiKeysQuery);
  const locations = useQuery(locationsQuery).data?.locations ?? [];
  const payData = useApiPayData();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const placesOf = (ids: string[] | null) =>
    ids === null
      ? "All locations"
      : locations
          .filter((location) => ids.includes(location.id))
          .map((location) => location.name)
          .join(", ") || "No locations";

  return (
    <section className="subscription-dialog__section integrations__section" aria-labelledby={titleId}>
      <h3 id={titleId}>API keys</h3>
      <p className="muted small">
        Your other systems (payroll, HR, reporting) read Clocked and add staff through the API at{" "}
        <code>/api/v1</code>, sending a key as <code>Authorization: Bearer ck_live_…</code>.
      </p>
      {created && (
        <RevealedSecret name={created.name} secret={created.secret} onDone={() => setCreated(null)} />
      )}
      <button type="button" className="button" onClick={() => setCreating(true)}>
        Create API key
      </button>
      {keys.isError ? (
        <RetryNotice message="Your API keys could not be loaded." onRetry={() => void keys.refetch()} />
      ) : keys.data && keys.data.keys.length === 0 ? (
        <p className="muted">No API keys yet.</p>
      ) : (
        <ul className="integrations__list" aria-label="API keys">
          {keys.data?.keys.map((key) => (
            <KeyRow key={key.id} apiKey={key} places={placesOf(key.location_ids)} />
          ))}
        </ul>
      )}
      {keys.data && (
        <div className="checkbox">
          <input
            id={payId}
            type="checkbox"
            checked={keys.data.api_pay_data}
            disabled={payData.isPending}
            onChange={(event) => payData.mutate(event.target.checked)}
          />
          <label htmlFor={payId}>Read-write keys may read pay rates and payroll IDs</label>
        </div>
      )}
      {creating && (
        <CreateKeyDialog
          locations={locations}
          onClose={() => setCreating(false)}
          onCreated={(name, secret) => {
            setCreating(false);
            setCreated({ name, secret });
          }}
        />
      )}
    </section>
  );
}

function KeyRow({ apiKey, places }: { apiKey: ApiKey; places: string }) {
  const revoke = useRevokeApiKey();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="integrations__row" aria-label={apiKey.name}>
      <div className="integrations__what">
        <strong>{apiKey.name}</strong>
        <span className="muted small">
          <code>{apiKey.prefix}…</code> · {SCOPE_LABELS[apiKey.scope]} · {places}
        </span>
        <span className="muted small">
          Created {shortDateTime(apiKey.created_at)} by {apiKey.created_by_name} ·{" "}
          {apiKey.last_used_at ? `Last used ${shortDateTime(apiKey.last_used_at)}` : "Never used"}
        </span>
      </div>
      {confirming ? (
        <div className="integrations__actions">
          <span className="small">Systems using it stop at once.</span>
          <button
            type="button"
            className="button button--danger button--small"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(apiKey.id)}
          >
            Revoke {apiKey.name}
          </button>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => setConfirming(false)}
          >
            Keep it
          </button>
        </div>
      ) : (
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Revoke ${apiKey.name}`}
          onClick={() => setConfirming(true)}
        >
          Revoke
        </button>
      )}
    </li>
  );
}
