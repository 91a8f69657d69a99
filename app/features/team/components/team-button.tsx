import { Suspense, useState } from "react";
import { createPortal } from "react-dom";
import { lazyComponent } from "../../../lib/lazy";

const TeamDialog = lazyComponent(() => import("./team-dialog").then((module) => module.TeamDialog));

/**
 * "Team" in the dashboard's menu, for those whose role manages the team. The dialog goes to the page's body:
 * the folded menu on a phone is hidden once an action is chosen, and would hide it too.
 */
export function TeamButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        onPointerEnter={() => void TeamDialog.prefetch().catch(() => undefined)}
      >
        Team
      </button>
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <TeamDialog onClose={() => setOpen(false)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
