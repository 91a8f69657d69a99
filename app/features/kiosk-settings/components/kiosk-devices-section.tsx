import type { KioskDevice } from "@contracts/kiosk";
import type { Location } from "@contracts/locations";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { toast } from "../../../lib/toast";
import { devicesQuery, useRevokeDevices } from "../api";
import { PairTabletButton } from "./pair-tablet";

const day = (iso: string) => new Date(iso).toLocaleDateString("en-GB");
const dayAndTime = (iso: string) =>
  `${day(iso)} ${new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}`;

type Props = {
  location: Location;
  onlyPaired: boolean;
  onOnlyPairedChange: (on: boolean) => void;
  savingOnlyPaired: boolean;
};

/** The browsers paired as this location's kiosk, and who may clock in where (docs/kiosk.md). */
export function KioskDevicesSection({ location, onlyPaired, onOnlyPairedChange, savingOnlyPaired }: Props) {
  const locationId = location.id;
  const headingId = useId();
  const toggleId = useId();
  const listed = useQuery(devicesQuery(locationId));
  // A list that could not be loaded shows as empty (the failure was toasted).
  const devices = listed.data?.devices ?? (listed.isError ? [] : null);
  const revokeDevices = useRevokeDevices(locationId);

  function revoke(device: KioskDevice | null) {
    const question = device
      ? `Revoke "${device.label}"? It will stop working as a kiosk at once.`
      : "Revoke every paired kiosk at this location? They will all stop working at once.";
    if (!window.confirm(question)) return;
    revokeDevices.mutate(device?.id ?? null, {
      onSuccess: (done) =>
        toast.success(done.revoked === 1 ? "Kiosk revoked" : `${done.revoked} kiosks revoked`),
    });
  }

  return (
    <section className="card kiosk-devices" aria-labelledby={headingId}>
      <div className="card__header">
        <h2 id={headingId}>Kiosk devices</h2>
        <PairTabletButton location={location} />
      </div>
      <p className="muted">
        A paired kiosk keeps working when the Wi-Fi drops: punches wait on the tablet and are sent when the
        connection returns. Add it to the tablet's home screen (on an iPad, Share then Add to Home Screen; in
        Chrome, Install app) and it opens full screen, even with no connection.
      </p>
      <p className="kiosk-devices__toggle">
        <input
          id={toggleId}
          type="checkbox"
          checked={onlyPaired}
          disabled={savingOnlyPaired}
          onChange={(event) => onOnlyPairedChange(event.target.checked)}
        />
        <label htmlFor={toggleId}>
          Only paired kiosks: staff can clock in only on devices paired below (the public attendance link
          stops working)
        </label>
      </p>
      {devices === null ? (
        <p className="muted">Loading…</p>
      ) : devices.length === 0 ? (
        <p className="muted">
          No paired devices. Choose “Pair a tablet” and type the code it shows on the tablet: nobody signs in
          to the dashboard there.
        </p>
      ) : (
        <>
          <table className="kiosk-devices__table">
            <thead>
              <tr>
                <th scope="col">Device</th>
                <th scope="col">Paired</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {devices.map((device) => (
                <tr key={device.id}>
                  <th scope="row">{device.label}</th>
                  <td>{day(device.created_at)}</td>
                  <td>{device.last_used_at ? dayAndTime(device.last_used_at) : "Never"}</td>
                  <td>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={`Revoke ${device.label}`}
                      onClick={() => revoke(device)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" className="button button--ghost button--small" onClick={() => revoke(null)}>
            Revoke all
          </button>
        </>
      )}
    </section>
  );
}
