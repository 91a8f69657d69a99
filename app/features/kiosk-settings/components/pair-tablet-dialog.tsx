import type { Location } from "@contracts/locations";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { devicesQuery, newPairingCode } from "../api";

// The "Pair a tablet" dialog (./pair-tablet.tsx): its own chunk, loaded when first opened.

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

/** Makes a code and shows it until the tablet has used it. */
export function PairTabletDialog({ location, onClose }: { location: Location; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const making = useMutation({
    mutationFn: () => newPairingCode(location.id),
    meta: { errorToast: "Could not make a pairing code" },
  });
  const { mutate } = making;
  const code = making.data;
  const [since] = useState(() => Date.now());
  // The list follows the hub's push; while the code waits it is also read every few seconds, in case the
  // live socket is down.
  const devices = useQuery({ ...devicesQuery(location.id), refetchInterval: code ? 5000 : false });
  const paired = devices.data?.devices.find((device) => Date.parse(device.created_at) >= since - 5000);

  // One code per opening (React's development double effect included).
  const asked = useRef(false);
  useEffect(() => {
    dialog.current?.showModal();
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);

  return (
    <dialog ref={dialog} className="modal pair-tablet" aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId}>Pair a tablet with {location.name}</h2>
      {paired ? (
        <p className="pair-tablet__done" role="status">
          Paired: {paired.label}. Staff can clock in on it now.
        </p>
      ) : making.isError ? (
        <p className="muted">No code could be made. Close this and try again.</p>
      ) : !code ? (
        <p className="muted">Making a code…</p>
      ) : (
        <>
          <ol className="pair-tablet__steps">
            <li>
              On the tablet, open <strong>{window.location.host}/kiosk</strong>.
            </li>
            <li>
              Type this code under “Enter pairing code”:
              <output className="pair-tablet__code" aria-label="Pairing code">
                {code.code}
              </output>
            </li>
          </ol>
          <p className="muted">
            It works once, until {timeOf(code.expires_at)} (10 minutes). Nobody signs in to the dashboard on
            the tablet. <span role="status">Waiting for the tablet…</span>
          </p>
        </>
      )}
      <div className="modal__actions">
        {!paired && code && (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => mutate()}
            disabled={making.isPending}
          >
            New code
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          {paired ? "Done" : "Close"}
        </button>
      </div>
    </dialog>
  );
}
