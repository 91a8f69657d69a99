import type { WebhookDelivery, WebhookEndpoint } from "@contracts/webhooks";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { RetryNotice } from "../../../components/retry-notice";
import { shortDateTime } from "../../../lib/dates";
import { toast } from "../../../lib/toast";
import { RevealedSecret } from "../components/revealed-secret";
import {
  deliveriesQuery,
  endpointsQuery,
  useDeleteEndpoint,
  useResend,
  useRotateSecret,
  useSendTest,
  useUpdateEndpoint,
} from "./api";
import { EndpointDialog } from "./endpoint-dialog";

const STATUS_LABELS: Record<WebhookDelivery["status"], string> = {
  pending: "Waiting",
  retrying: "Retrying",
  succeeded: "Delivered",
  failed: "Failed",
};

/** Settings → Integrations → Webhooks: where Clocked sends events as they happen. */
export function WebhooksSection() {
  const titleId = useId();
  const endpoints = useQuery(endpointsQuery);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);

  return (
    <section className="subscription-dialog__section integrations__section" aria-labelledby={titleId}>
      <h3 id={titleId}>Webhooks</h3>
      <p className="muted small">
        Clocked tells your other systems when something happens: it POSTs a signed event to each address you
        add here, and tries again for about a day if it is not answered.
      </p>
      {secret && <RevealedSecret name={secret.name} secret={secret.secret} onDone={() => setSecret(null)} />}
      <button type="button" className="button" onClick={() => setAdding(true)}>
        Add endpoint
      </button>
      {endpoints.isError ? (
        <RetryNotice
          message="Your webhook endpoints could not be loaded."
          onRetry={() => void endpoints.refetch()}
        />
      ) : endpoints.data && endpoints.data.endpoints.length === 0 ? (
        <p className="muted">No webhook endpoints yet.</p>
      ) : (
        <ul className="integrations__list" aria-label="Webhook endpoints">
          {endpoints.data?.endpoints.map((endpoint) => (
            <EndpointRow
              key={endpoint.id}
              endpoint={endpoint}
              onSecret={(value) => setSecret({ name: endpoint.url, secret: value })}
            />
          ))}
        </ul>
      )}
      {adding && (
        <EndpointDialog
          onClose={() => setAdding(false)}
          onCreated={(url, value) => {
            setAdding(false);
            setSecret({ name: url, secret: value });
          }}
        />
      )}
    </section>
  );
}

function statusOf(endpoint: WebhookEndpoint) {
  if (!endpoint.enabled)
    return endpoint.disabled_reason ? `Turned off: ${endpoint.disabled_reason}` : "Turned off";
  if (endpoint.failing_since) return `Failing since ${shortDateTime(endpoint.failing_since)}`;
  return "On";
}

function EndpointRow({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const [showLog, setShowLog] = useState(false);
  const update = useUpdateEndpoint();
  const remove = useDeleteEndpoint();
  const rotate = useRotateSecret();
  const test = useSendTest();
  return (
    <li className="integrations__row integrations__row--stacked" aria-label={endpoint.url}>
      <div className="integrations__what">
        <strong className="integrations__url">{endpoint.url}</strong>
        <span className="muted small">{endpoint.events.join(", ")}</span>
        <span
          className={endpoint.enabled && !endpoint.failing_since ? "small" : "small integrations__warning"}
        >
          {statusOf(endpoint)}
          {endpoint.previous_secret_until &&
            ` · the previous secret signs too until ${shortDateTime(endpoint.previous_secret_until)}`}
        </span>
      </div>
      <div className="integrations__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={test.isPending}
          onClick={() => test.mutate(endpoint.id, { onSuccess: () => toast.success("Test event sent") })}
        >
          Send test event
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={showLog}
          onClick={() => setShowLog(!showLog)}
        >
          {showLog ? "Hide deliveries" : "Deliveries"}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={rotate.isPending}
          onClick={() => rotate.mutate(endpoint.id, { onSuccess: (answer) => onSecret(answer.secret) })}
        >
          Rotate secret
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={update.isPending}
          onClick={() => update.mutate({ endpointId: endpoint.id, body: { enabled: !endpoint.enabled } })}
        >
          {endpoint.enabled ? "Turn off" : "Turn on"}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-label={`Delete ${endpoint.url}`}
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(`Stop sending to ${endpoint.url} and delete its log?`))
              remove.mutate(endpoint.id);
          }}
        >
          Delete
        </button>
      </div>
      {showLog && <DeliveryLog endpointId={endpoint.id} />}
    </li>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const deliveries = useQuery(deliveriesQuery(endpointId));
  const resend = useResend();
  if (deliveries.isError) {
    return <RetryNotice message="The log could not be loaded." onRetry={() => void deliveries.refetch()} />;
  }
  if (!deliveries.data) return <p className="muted small">Loading the log…</p>;
  if (deliveries.data.deliveries.length === 0)
    return <p className="muted small">Nothing sent in the last 30 days.</p>;
  return (
    <div className="integrations__log">
      <table>
        <caption className="visually-hidden">Deliveries of the last 30 days</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Answer</th>
            <th scope="col">Time taken</th>
            <th scope="col">
              <span className="visually-hidden">Resend</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {deliveries.data.deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <td>{shortDateTime(delivery.created_at)}</td>
              <td>
                <code>{delivery.type}</code>
              </td>
              <td title={delivery.last_error ?? undefined}>{STATUS_LABELS[delivery.status]}</td>
              <td>{delivery.attempts}</td>
              <td>{delivery.response_code ?? (delivery.last_error ? "No answer" : "—")}</td>
              <td>{delivery.duration_ms === null ? "—" : `${delivery.duration_ms} ms`}</td>
              <td>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  aria-label={`Resend ${delivery.type} of ${shortDateTime(delivery.created_at)}`}
                  disabled={resend.isPending}
                  onClick={() => resend.mutate({ endpointId, deliveryId: delivery.id })}
                >
                  Resend
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
