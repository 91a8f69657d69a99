import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Field } from "../../../components/field";
import { detailOr } from "../../../lib/api";
import { locationsApi } from "../api";

/** A new account's first step: name the place where staff will clock in. */
export function FirstLocation({ onCreated }: { onCreated: (id: string) => void }) {
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return toast.error("Location name is required");
    setBusy(true);
    try {
      onCreated((await locationsApi.create(name.trim())).location_id);
    } catch (error) {
      toast.error(detailOr(error, "Error creating location"));
    } finally {
      setBusy(false);
    }
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
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Creating..." : "Create location"}
      </button>
    </form>
  );
}
