import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import type { Location } from "../../../../worker/contracts/locations";
import { locationLimitMessage, maxLocationsFor } from "../../../../worker/domain/plans";
import { detailOr } from "../../../lib/api";
import { useManagerSession } from "../../../lib/session";
import { UpgradeHint } from "../../billing";
import { locationsApi } from "../api";

type Props = {
  locations: Location[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  onChanged: (selectId?: string) => void;
};

/** Choose, add and (when there is more than one) delete locations. */
export function LocationPicker({ locations, selectedId, onSelect, onChanged }: Props) {
  const selectId = useId();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const selected = locations.find((l) => l.id === selectedId);
  const user = useManagerSession()?.user;
  const account = { plan: user?.plan ?? "starter", isVip: user?.is_vip ?? false };
  const limit = maxLocationsFor(account);
  const atLimit = limit !== null && locations.length >= limit;

  async function add(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return toast.error("Location name is required");
    setBusy(true);
    try {
      const created = await locationsApi.create(name.trim());
      toast.success(`Location "${created.location.name}" added`);
      setName("");
      setAdding(false);
      onChanged(created.location_id);
    } catch (error) {
      toast.error(detailOr(error, "Error creating location"));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (
      !selected ||
      !window.confirm(`Delete "${selected.name}"? Its attendance history is kept for your records.`)
    )
      return;
    try {
      await locationsApi.remove(selected.id);
      toast.success(`Location "${selected.name}" deleted`);
      onChanged();
    } catch (error) {
      toast.error(detailOr(error, "Failed to delete location"));
    }
  }

  return (
    <div className="location-picker">
      <label htmlFor={selectId} className="visually-hidden">
        Location
      </label>
      <select id={selectId} value={selectedId ?? ""} onChange={(e) => onSelect(e.target.value)}>
        {locations.map((location) => (
          <option key={location.id} value={location.id}>
            {location.name}
          </option>
        ))}
      </select>
      <button
        type="button"
        className="button button--ghost button--small"
        onClick={() => setAdding((a) => !a)}
      >
        + Add location
      </button>
      {locations.length > 1 && (
        <button type="button" className="button button--danger button--small" onClick={remove}>
          Delete location
        </button>
      )}
      {adding && atLimit && <UpgradeHint>{locationLimitMessage(account)}</UpgradeHint>}
      {adding && !atLimit && (
        <form className="inline-form" onSubmit={add}>
          <label htmlFor={`${selectId}-new`} className="visually-hidden">
            New location name
          </label>
          <input
            id={`${selectId}-new`}
            placeholder="New location name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
          />
          <button type="submit" className="button button--small" disabled={busy}>
            {busy ? "Adding..." : "Add"}
          </button>
        </form>
      )}
    </div>
  );
}
