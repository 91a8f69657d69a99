import { useState } from "react";
import { ApiFailure, staffApi } from "../api";

// "Download my data" (docs/staff-app.md): the staff member's own records as a ZIP of CSVs. Fetched with the
// session's token and saved from a blob: the token never goes into an address.

const FALLBACK_NAME = "clocked-my-data.zip";

export function MyData() {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const response = await staffApi().me.export.$get();
      const name = /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1];
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = name ?? FALLBACK_NAME;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (error) {
      setProblem(error instanceof ApiFailure ? error.message : "Something went wrong. Please try again.");
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="staff-card">
      <h2>Your data</h2>
      <p>
        Everything Clocked holds about you here (your details, hours, shifts, queries, leave requests, the
        times you can't work, your passkeys, where you clocked in from your phone and which phones get
        notifications), as spreadsheets in a ZIP file.
      </p>
      {problem && (
        <p className="staff-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="button" className="staff-button staff-button--quiet" onClick={download} disabled={busy}>
        {busy ? "Preparing…" : "Download my data"}
      </button>
    </div>
  );
}
