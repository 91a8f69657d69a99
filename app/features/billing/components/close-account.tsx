import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Field } from "../../../components/field";
import { downloadFile } from "../../../lib/api";
import { managerSession } from "../../../lib/session";
import { toast } from "../../../lib/toast";
import { closeAccount, exportAccount } from "../api";

/** What the manager types to confirm: closing cannot be undone. */
export const CLOSE_CONFIRMATION = "CLOSE";

/**
 * The end of the Manage Subscription dialog: download everything the account holds, and close the account
 * (typed confirmation and password). Closing signs out here too; the data is deleted within 30 days.
 */
export function CloseAccount() {
  const [confirming, setConfirming] = useState(false);
  const [typed, setTyped] = useState("");
  const [password, setPassword] = useState("");
  const download = useMutation({
    mutationFn: () => downloadFile(exportAccount(), "clocked-account-export.zip"),
    meta: { errorToast: "Your data could not be downloaded. Please try again." },
  });
  const close = useMutation({
    mutationFn: closeAccount,
    meta: { errorToast: "Your account could not be closed. Please try again." },
    onSuccess: ({ message }) => {
      managerSession.clear();
      toast.success(message);
    },
  });
  // Once closed, the button stays disabled while the dashboard goes away.
  const closing = close.isPending || close.isSuccess;

  function submitClose(event: FormEvent) {
    event.preventDefault();
    close.mutate(password);
  }

  return (
    <section className="subscription-dialog__section" aria-label="Your data and account">
      <h3>Your data and account</h3>
      <p className="muted">
        Download everything your account holds: locations, employees, every clock-in and clock-out, leave and
        changes, as spreadsheet (CSV) files in one ZIP.
      </p>
      <button
        type="button"
        className="button button--ghost"
        disabled={download.isPending}
        onClick={() => download.mutate()}
      >
        {download.isPending ? "Preparing…" : "Download my data"}
      </button>
      {confirming ? (
        <form className="confirm-box close-account__form" aria-label="Close account" onSubmit={submitClose}>
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
