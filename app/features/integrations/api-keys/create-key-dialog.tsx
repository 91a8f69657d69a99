import type { ApiKeyScope } from "@contracts/api-keys";
import { useState } from "react";
import { Field } from "../../../components/field";
import { Modal } from "../../../components/modal";
import { toast } from "../../../lib/toast";
import { useCreateApiKey } from "./api";

type Props = {
  locations: { id: string; name: string }[];
  onClose: () => void;
  onCreated: (name: string, secret: string) => void;
};

const SCOPES: { id: ApiKeyScope; label: string; hint: string }[] = [
  { id: "read", label: "Read only", hint: "Locations, staff, attendance, pay periods, the rota and leave." },
  { id: "read_write", label: "Read and write", hint: "Also adds and changes staff." },
];

/** A name, a scope, and every location or some: the secret is answered once. */
export function CreateKeyDialog({ locations, onClose, onCreated }: Props) {
  const [name, setName] = useState("");
  const [scope, setScope] = useState<ApiKeyScope>("read");
  const [everywhere, setEverywhere] = useState(true);
  const [chosen, setChosen] = useState<string[]>([]);
  const create = useCreateApiKey();

  function submit() {
    const label = name.trim();
    if (!label) return void toast.error("Please give the key a name, such as the system that will use it.");
    if (!everywhere && chosen.length === 0) return void toast.error("Choose at least one location.");
    create.mutate(
      { name: label, scope, location_ids: everywhere ? null : chosen },
      { onSuccess: (answer) => onCreated(answer.key.name, answer.secret) },
    );
  }

  return (
    <Modal
      title="Create an API key"
      submitLabel="Create key"
      busyLabel="Creating..."
      busy={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label="Name" value={name} maxLength={80} onChange={(event) => setName(event.target.value)} />
      <fieldset className="integrations__choice">
        <legend>What it may do</legend>
        {SCOPES.map((option) => (
          <label key={option.id} className="checkbox">
            <input
              type="radio"
              name="scope"
              checked={scope === option.id}
              onChange={() => setScope(option.id)}
            />
            {option.label} <span className="muted small">{option.hint}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="integrations__choice">
        <legend>Locations</legend>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={everywhere}
            onChange={(event) => setEverywhere(event.target.checked)}
          />
          Every location, including ones added later
        </label>
        {!everywhere &&
          locations.map((location) => (
            <label key={location.id} className="checkbox">
              <input
                type="checkbox"
                checked={chosen.includes(location.id)}
                onChange={(event) =>
                  setChosen(
                    event.target.checked
                      ? [...chosen, location.id]
                      : chosen.filter((id) => id !== location.id),
                  )
                }
              />
              {location.name}
            </label>
          ))}
      </fieldset>
    </Modal>
  );
}
