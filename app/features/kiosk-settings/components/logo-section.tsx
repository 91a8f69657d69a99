import { featureDeniedMessage } from "@domain/plans";
import { useMutation } from "@tanstack/react-query";
import { type ChangeEvent, useId, useRef } from "react";
import { toast } from "../../../lib/toast";
import { UpgradeHint } from "../../billing";
import { LOGO_ACCEPT, removeLogo, UPLOAD_LOGO_FAILED, uploadLogo } from "../api";

export type Logo = { logo_url: string | null; logo_filename: string | null };

type Props = {
  locationId: string;
  logo: Logo;
  /** The plan includes logo upload (Pro, Business). Without it: an upgrade hint. */
  canUpload: boolean;
  onChanged: (logo: Logo) => void;
};

/** The kiosk header's logo: shows the current one, uploads a replacement, removes it. */
export function LogoSection({ locationId, logo, canUpload, onChanged }: Props) {
  const headingId = useId();
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({
    mutationFn: (file: File) => uploadLogo(locationId, file),
    meta: { errorToast: UPLOAD_LOGO_FAILED },
    onSuccess: (saved) => {
      onChanged({ logo_url: saved.logo_url, logo_filename: saved.filename });
      toast.success("Logo uploaded");
    },
    onSettled: () => {
      if (input.current) input.current.value = "";
    },
  });
  const remove = useMutation({
    mutationFn: () => removeLogo(locationId),
    meta: { errorToast: "Error removing logo" },
    onSuccess: () => {
      onChanged({ logo_url: null, logo_filename: null });
      toast.success("Logo removed");
    },
  });
  const busy = upload.isPending || remove.isPending;

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (file) upload.mutate(file);
  }

  function confirmRemove() {
    if (window.confirm("Remove the logo from the kiosk?")) remove.mutate();
  }

  // Removing is open to every plan: a Starter account keeps the right to take down a logo it had.
  const removeButton = logo.logo_url && (
    <button
      type="button"
      className="button button--ghost button--small"
      onClick={confirmRemove}
      disabled={busy}
    >
      Remove logo
    </button>
  );
  return (
    <section className="card logo-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Logo</h2>
      {logo.logo_url ? (
        <div className="logo-section__current">
          <img className="logo-section__image" src={`/api${logo.logo_url}`} alt="Current logo" />
          <span className="muted">{logo.logo_filename}</span>
        </div>
      ) : (
        <p className="muted">No logo yet: the kiosk shows the location name only.</p>
      )}
      {canUpload ? (
        <div className="logo-section__actions">
          <label htmlFor={inputId} className="logo-section__label">
            {logo.logo_url ? "Replace logo" : "Upload logo"}
            <span className="muted"> (JPEG, PNG, GIF or WebP, up to 5MB)</span>
          </label>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={LOGO_ACCEPT}
            onChange={chooseFile}
            disabled={busy}
          />
          {removeButton}
          {busy && <span className="muted">Working…</span>}
        </div>
      ) : (
        <>
          <UpgradeHint>{featureDeniedMessage("logoUpload")}</UpgradeHint>
          {removeButton}
        </>
      )}
    </section>
  );
}
