import { type FormEvent, useState } from "react";
import { Field } from "../../../components/field";
import { toast } from "../../../lib/toast";
import { useCreateLocation } from "../api";

/** A new account's first step: name the place where staff will clock in. */
export function FirstLocation({ onCreated }: { onCreated: (id: string) => void }) {
  const [name, setName] = useState("");
  const create = useCreateLocation();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return toast.error("Location name is required");
    create.mutate(name.trim(), { onSuccess: (created) => onCreated(created.location_id) });
  }

  return (
    <form className="card first-location" onSubmit={submit}>
      <h2>Add your first location</h2>
      <p className="muted">A location is a shop, café, site or office with its own clock-in kiosk.</p>
      <Field
        label="Location name"
        placeholder="e.g. Camden High Street"
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={100}
      />
      <button type="submit" className="button" disabled={create.isPending}>
        {create.isPending ? "Creating..." : "Create location"}
      </button>
    </form>
  );
}
