import { useState } from "react";
import { toast } from "../../../lib/toast";

/** A secret shown the one time it exists in clear (an API key's, a webhook's): copy it now or never. */
export function RevealedSecret({
  name,
  secret,
  onDone,
}: {
  name: string;
  secret: string;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      toast.error("Copying failed: select the secret and copy it yourself.");
    }
  }
  return (
    <div className="integrations__secret" role="status">
      <p>
        <strong>{name}</strong>: copy this secret now. You will not see it again.
      </p>
      <code className="integrations__secret-value">{secret}</code>
      <div className="integrations__actions">
        <button type="button" className="button button--small" onClick={() => void copy()}>
          {copied ? "Copied" : "Copy"}
        </button>
        <button type="button" className="button button--ghost button--small" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
