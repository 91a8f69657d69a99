import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { Field } from "../../../components/field";
import { detailOr, downloadFile } from "../../../lib/api";
import { managerSession } from "../../../lib/session";
import { billingApi } from "../api";

/** What the manager types to confirm: closing cannot be undone. */
export const CLOSE_CONFIRMATION = "CLOSE";

/**
 * The end of the Manage Subscription dialog: download everything the account holds, and close the account
 * (typed confirmation and password). Closing signs out here too; the data is deleted within 30 days.
 */
export function LeaveAccount() {
  const [downloading, setDownloading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const [closing, setClosing] = useState(false);

  async function download() {
    setDownloading(true);
    try {
      await downloadFile("/user/export", "clocked-account-export.zip");
    } catch (error) {
      toast.error(detailOr(error, "Your data could not be downloaded. Please try again."));
    } finally {
      setDownloading(false);
    }
  }

  async function close(event: FormEvent) {
    event.preventDefault();
    setClosing(true);
    try {
      const { message } = await billingApi.closeAccount(password);
      managerSession.clear();
      toast.success(message);
    } catch (error) {
      toast.error(detailOr(error, "Your account could not be closed. Please try again."));
      setClosing(false);
    }
  }

  return (
    <section className="subscription-dialog__section" aria-label="Your data and account">
      <h3>Your data and account</h3>
      <p className="muted">
        Download everything your account holds: locations, employees, every clock-in and clock-out, leave and
        changes, as spreadsheet (CSV) files in one ZIP.
      </p>
      <button type="button" className="button button--ghost" disabled={downloading} onClick={download}>
        {downloading ? "Preparing…" : "Download my data"}
      </button>
      {confirming ? (
        <form className="confirm-box leave-account__form" aria-label="Close account" onSubmit={close}>
          <p>
            Closing your account cancels your subscription straight away, signs you out everywhere and stops
            your kiosks. Everything your account holds is deleted within 30 days and cannot be recovered.
            Download your data first if you need your records: employers must keep pay and working time
            records.
          </p>
          <Field
            label={`Type ${CLOSE_CONFIRMATION} to confirm`}
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
          <Field
            label="Your password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <div className="modal__actions">
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              Keep my account
            </button>
            <button
              type="submit"
              className="button button--danger"
              disabled={closing || typed.trim() !== CLOSE_CONFIRMATION || password === ""}
            >
              {closing ? "Closing…" : "Close my account"}
            </button>
          </div>
        </form>
      ) : (
        <p>
          <button
            type="button"
            className="link-button link-button--danger"
            onClick={() => setConfirming(true)}
          >
            Close account
          </button>
        </p>
      )}
    </section>
  );
}
