import type { Location } from "@contracts/locations";
import { locationLimitMessage, maxLocationsFor } from "@domain/plans";
import { type FormEvent, useId, useState } from "react";
import { useManagerSession } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { UpgradeHint } from "../../billing";
import { useCreateLocation, useDeleteLocation } from "../api";

type PickerProps = {
  locations: Location[];
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/** Choose the location the dashboard shows. */
export function LocationPicker({ locations, selectedId, onSelect }: PickerProps) {
  const selectId = useId();
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
    </div>
  );
}

type ActionsProps = {
  locations: Location[];
  selectedId: string | null;
  /** A location was added: it is selected. */
  onAdded: (id: string) => void;
};

/**
 * Add a location and (when there is more than one) delete the selected one. Beside the picker on a wide
 * screen, in the dashboard's menu on a phone.
 */
export function LocationActions({ locations, selectedId, onAdded }: ActionsProps) {
  const nameId = useId();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const create = useCreateLocation();
  const remove = useDeleteLocation();
  const selected = locations.find((l) => l.id === selectedId);
  const user = useManagerSession()?.user;
  const account = { plan: user?.plan ?? "starter", isVip: user?.is_vip ?? false };
  const limit = maxLocationsFor(account);
  const atLimit = limit !== null && locations.length >= limit;

  function add(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) return toast.error("Location name is required");
    create.mutate(name.trim(), {
      onSuccess: (created) => {
        toast.success(`Location "${created.location.name}" added`);
        setName("");
        setAdding(false);
        onAdded(created.location_id);
      },
    });
  }

  function removeSelected() {
    if (
      !selected ||
      !window.confirm(`Delete "${selected.name}"? Its attendance history is kept for your records.`)
    )
      return;
    remove.mutate(selected.id, { onSuccess: () => toast.success(`Location "${selected.name}" deleted`) });
  }

  return (
    <div className="location-actions">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded={adding}
        onClick={() => setAdding((a) => !a)}
      >
        + Add location
      </button>
      {locations.length > 1 && (
        <button type="button" className="button button--danger button--small" onClick={removeSelected}>
          Delete location
        </button>
      )}
      {adding && atLimit && <UpgradeHint>{locationLimitMessage(account)}</UpgradeHint>}
      {adding && !atLimit && (
        <form className="inline-form" onSubmit={add}>
          <label htmlFor={nameId} className="visually-hidden">
            New location name
          </label>
          <input
            id={nameId}
            placeholder="New location name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={100}
          />
          <button type="submit" className="button button--small" disabled={create.isPending}>
            {create.isPending ? "Adding..." : "Add"}
          </button>
        </form>
      )}
    </div>
  );
}
