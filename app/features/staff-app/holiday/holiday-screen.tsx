import { data, staffApi } from "../api";
import type { StaffScreenProps } from "../screen-props";
import { useLoad } from "../use-load";
import { HolidayFigures } from "./holiday-figures";
import { LeaveRequestForm } from "./leave-request-form";
import { LeaveRequestsList } from "./leave-requests-list";
import { todayAt } from "./words";
import "./holiday.css";

// My holiday (docs/staff-app.md, "Holiday and leave requests"): what is left and how it adds up, asking for time
// off, and the requests so far.

export function HolidayScreen({ me }: StaffScreenProps) {
  const holiday = useLoad(() => data(staffApi().me.holiday.$get()));
  const requests = useLoad(() => data(staffApi().me["leave-requests"].$get()));
  const today = todayAt(me.location.timezone);
  const reload = () => {
    holiday.reload();
    requests.reload();
  };
  return (
    <section aria-labelledby="staff-screen-title" className="staff-stack">
      <h1 id="staff-screen-title">Your holiday</h1>
      {holiday.loaded.state === "loading" && <p className="muted">Loading…</p>}
      {holiday.loaded.state === "failed" && <p className="staff-problem">{holiday.loaded.message}</p>}
      {holiday.loaded.state === "ready" && <HolidayFigures holiday={holiday.loaded.value} />}
      <LeaveRequestForm today={today} onAsked={reload} />
      {requests.loaded.state === "failed" && <p className="staff-problem">{requests.loaded.message}</p>}
      {requests.loaded.state === "ready" && (
        <LeaveRequestsList requests={requests.loaded.value.requests} today={today} onChanged={reload} />
      )}
    </section>
  );
}
