import { useState } from "react";
import { ApiFailure, staffApi } from "../api";

// "Add to calendar": the .ics is fetched with the session (never a token in a URL), then handed to the phone
// as a downloaded file, which its calendar offers to open.

export function AddToCalendar() {
  const [state, setState] = useState<"idle" | "busy" | { failed: string }>("idle");
  const download = async () => {
    setState("busy");
    try {
      const response = await staffApi().me["shifts.ics"].$get({ query: {} });
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = "my-shifts.ics";
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState("idle");
    } catch (error) {
      setState({
        failed: error instanceof ApiFailure ? error.message : "The calendar file could not be made.",
      });
    }
  };
  return (
    <div className="staff-shifts__calendar">
      <button
        type="button"
        className="staff-button staff-button--quiet"
        onClick={download}
        disabled={state === "busy"}
      >
        {state === "busy" ? "Preparing…" : "Add to calendar"}
      </button>
      {typeof state === "object" && (
        <p className="staff-problem" role="alert">
          {state.failed}
        </p>
      )}
    </div>
  );
}
