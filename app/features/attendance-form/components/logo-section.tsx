import { type ChangeEvent, useId, useRef, useState } from "react";
import { toast } from "sonner";
import { featureDeniedMessage } from "../../../../worker/domain/plans";
import { detailOr } from "../../../lib/api";
import { UpgradeHint } from "../../billing";
import { attendanceFormApi, LOGO_ACCEPT, UPLOAD_LOGO_FAILED } from "../api";

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
  const [busy, setBusy] = useState(false);

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    setBusy(true);
    try {
      const saved = await attendanceFormApi.uploadLogo(locationId, file);
      onChanged({ logo_url: saved.logo_url, logo_filename: saved.filename });
      toast.success("Logo uploaded");
    } catch (error) {
      toast.error(detailOr(error, UPLOAD_LOGO_FAILED));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  async function remove() {
    if (!window.confirm("Remove the logo from the kiosk?")) return;
    setBusy(true);
    try {
      await attendanceFormApi.removeLogo(locationId);
      onChanged({ logo_url: null, logo_filename: null });
      toast.success("Logo removed");
    } catch (error) {
      toast.error(detailOr(error, "Error removing logo"));
    } finally {
      setBusy(false);
    }
  }

  // Removing is open to every plan: a Starter account keeps the right to take down a logo it had.
  const removeButton = logo.logo_url && (
    <button type="button" className="button button--ghost button--small" onClick={remove} disabled={busy}>
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
            onChange={upload}
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
