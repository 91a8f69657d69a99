import { useEffect, useId, useRef, useState } from "react";
import { SegmentedToggle } from "../../../components/segmented-toggle";
import { ApiKeysSection } from "../api-keys/api-keys-section";
import { INTEGRATIONS_SECTIONS, type IntegrationsSection } from "../sections";
import { WebhooksSection } from "../webhooks/webhooks-section";
import { XeroSection } from "../xero/xero-section";
import "../integrations.css";

/** Settings → Integrations: the account's API keys, its webhook endpoints, and its Xero Payroll link. */
export function IntegrationsDialog({
  initial,
  onClose,
}: {
  initial: IntegrationsSection;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [section, setSection] = useState(initial);

  useEffect(() => {
    dialog.current?.showModal();
    // The address that opened a section is not left behind to open it again on the next reload.
    const url = new URL(window.location.href);
    if (url.searchParams.has("integrations")) {
      url.searchParams.delete("integrations");
      window.history.replaceState(window.history.state, "", url);
    }
  }, []);

  return (
    <dialog
      ref={dialog}
      className="modal subscription-dialog integrations"
      aria-labelledby={titleId}
      onClose={onClose}
    >
      <div className="subscription-dialog__head">
        <h2 id={titleId}>Integrations</h2>
        <button type="button" className="button button--ghost button--small" onClick={onClose}>
          Close
        </button>
      </div>
      <SegmentedToggle
        legend="Integration"
        options={INTEGRATIONS_SECTIONS}
        value={section}
        onChange={setSection}
      />
      {section === "api-keys" ? (
        <ApiKeysSection />
      ) : section === "webhooks" ? (
        <WebhooksSection />
      ) : (
        <XeroSection />
      )}
    </dialog>
  );
}
