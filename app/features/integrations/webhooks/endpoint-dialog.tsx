import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "@contracts/webhook-events";
import { useState } from "react";
import { Field } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { toast } from "../../../lib/toast";
import { useCreateEndpoint } from "./api";
import { EVENT_LABELS } from "./event-labels";

type Props = { onClose: () => void; onCreated: (url: string, secret: string) => void };

/** An address and the events it wants; the signing secret is answered once. */
export function EndpointDialog({ onClose, onCreated }: Props) {
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const create = useCreateEndpoint();

  function submit() {
    const address = url.trim();
    if (!address) return void toast.error("Please enter the address Clocked should send events to.");
    if (events.length === 0) return void toast.error("Choose at least one event.");
    create.mutate(
      { url: address, events },
      { onSuccess: (answer) => onCreated(answer.endpoint.url, answer.secret) },
    );
  }

  return (
    <Modal
      title="Add a webhook endpoint"
      submitLabel="Add endpoint"
      busyLabel="Adding..."
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field
        label="Address (URL)"
        type="url"
        placeholder="https://example.com/webhooks/clocked"
        value={url}
        onChange={(event) => setUrl(event.target.value)}
        hint="Clocked POSTs each event here, signed (Standard Webhooks)."
      />
      <fieldset className="integrations__choice">
        <legend>Events</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type} className="checkbox">
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) =>
                setEvents(event.target.checked ? [...events, type] : events.filter((other) => other !== type))
              }
            />
            {EVENT_LABELS[type]} <code className="muted small">{type}</code>
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
