import { Suspense, useState } from "react";
import { createPortal } from "react-dom";
import { lazyComponent } from "../../../lib/lazy";
import { type IntegrationsSection, sectionFromAddress } from "../sections";

const IntegrationsDialog = lazyComponent(() =>
  import("./integrations-dialog").then((module) => module.IntegrationsDialog),
);

/**
 * "Integrations" in the dashboard's menu, for owners and admins. An address with `?integrations=<section>`
 * (where Xero sends the manager back after connecting) opens it at that section.
 */
export function IntegrationsButton() {
  const [open, setOpen] = useState<IntegrationsSection | null>(() => sectionFromAddress(window.location));
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-haspopup="dialog"
        onClick={() => setOpen("api-keys")}
        onPointerEnter={() => void IntegrationsDialog.prefetch().catch(() => undefined)}
      >
        Integrations
      </button>
      {open &&
        createPortal(
          <Suspense fallback={null}>
            <IntegrationsDialog initial={open} onClose={() => setOpen(null)} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
