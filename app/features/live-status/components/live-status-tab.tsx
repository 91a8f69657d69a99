import type { Location } from "@contracts/locations";
import { useMutation } from "@tanstack/react-query";
import { useCan } from "../../../lib/permissions";
import { toast } from "../../../lib/toast";
import { closeSession, unlockEmployee } from "../api";
import type { LiveStatusState } from "../use-live-status";
import { LiveStatusView } from "./live-status-view";

type Props = { location: Location; live: LiveStatusState };

export function LiveStatusTab({ location, live }: Props) {
  const { status, connection, failed, refresh } = live;
  const can = useCan();
  const close = useMutation({
    mutationFn: (employeeId: string) => closeSession(location.id, employeeId),
    meta: { errorToast: "Error closing session" },
    onSuccess: async ({ message }) => {
      toast.success(message);
      await refresh();
    },
  });

  const unlock = useMutation({
    mutationFn: (employeeId: string) => unlockEmployee(location.id, employeeId),
    meta: { errorToast: "Error unlocking" },
    onSuccess: async () => {
      toast.success("Unlocked: they can clock in again now");
      await refresh();
    },
  });

  function confirmUnlock(employeeId: string, name: string) {
    if (!window.confirm(`Unlock ${name}? They can try their PIN again at once, at every kiosk.`)) return;
    unlock.mutate(employeeId);
  }

  function confirmClose(employeeId: string, name: string) {
    if (!window.confirm(`Close ${name}'s session now? They will be checked out at the current time.`)) return;
    close.mutate(employeeId);
  }

  if (!status) {
    return (
      <p className="muted">{failed ? "Could not load live status. Retrying…" : "Loading live status…"}</p>
    );
  }
  return (
    <LiveStatusView
      status={status}
      connection={connection}
      onCloseSession={confirmClose}
      closing={close.isPending ? close.variables : null}
      onUnlock={confirmUnlock}
      unlocking={unlock.isPending ? unlock.variables : null}
      mayClose={can("timesheets:edit")}
      mayUnlock={can("pins:edit")}
    />
  );
}
