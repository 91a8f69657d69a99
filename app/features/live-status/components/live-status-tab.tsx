import { useState } from "react";
import { toast } from "sonner";
import type { Location } from "../../../../worker/contracts/locations";
import { detailOr } from "../../../lib/api";
import { liveStatusApi } from "../api";
import type { LiveStatusState } from "../use-live-status";
import { LiveStatusView } from "./live-status-view";

type Props = { location: Location; live: LiveStatusState };

export function LiveStatusTab({ location, live }: Props) {
  const { status, connection, failed, refresh } = live;
  const [closing, setClosing] = useState<string | null>(null);

  async function closeSession(employeeId: string, name: string) {
    if (!window.confirm(`Close ${name}'s session now? They will be checked out at the current time.`)) return;
    setClosing(employeeId);
    try {
      toast.success((await liveStatusApi.closeSession(location.id, employeeId)).message);
      await refresh();
    } catch (error) {
      toast.error(detailOr(error, "Error closing session"));
    } finally {
      setClosing(null);
    }
  }

  if (!status) {
    return (
      <p className="muted">{failed ? "Could not load live status. Retrying…" : "Loading live status…"}</p>
    );
  }
  return (
    <LiveStatusView status={status} connection={connection} onCloseSession={closeSession} closing={closing} />
  );
}
