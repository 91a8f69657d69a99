import type { MyShift } from "@contracts/staff-shifts";
import { data, staffApi } from "../api";
import { ClockCard } from "../clock/clock-card";
import type { StaffScreenProps } from "../screen-props";
import { useLoad } from "../use-load";
import { AddToCalendar } from "./add-to-calendar";
import { breakLabel, dayLabel, endOfNextWeek } from "./dates";
import { OpenShifts } from "./open-shifts";
import "./shifts.css";

// My shifts (docs/staff-app.md, "My shifts, availability and open shifts"): this week's and next week's
// published shifts by day, today marked, those published further ahead under "Later", and the open shifts at
// my location to claim.

export function ShiftsScreen({ me }: StaffScreenProps) {
  const { loaded } = useLoad(() => data(staffApi().me.shifts.$get({ query: {} })));
  return (
    <section aria-labelledby="staff-screen-title" className="staff-stack">
      <h1 id="staff-screen-title">Your shifts</h1>
      <ClockCard timeZone={me.location.timezone} />
      {loaded.state === "loading" && <p role="status">Loading…</p>}
      {loaded.state === "failed" && (
        <p className="staff-problem" role="alert">
          {loaded.message}
        </p>
      )}
      {loaded.state === "ready" && <TwoWeeks shifts={loaded.value.shifts} today={loaded.value.today} />}
      <OpenShifts />
    </section>
  );
}

function TwoWeeks({ shifts, today }: { shifts: MyShift[]; today: string }) {
  const last = endOfNextWeek(today);
  const soon = shifts.filter((s) => s.date <= last);
  const later = shifts.filter((s) => s.date > last);
  return (
    <>
      {soon.length === 0 ? (
        <div className="staff-card">
          <h2>No shifts this week or next</h2>
          <p>
            Your manager usually publishes the rota a week or two ahead. You'll get an e-mail when your next
            shifts are published, and they'll show here.
          </p>
        </div>
      ) : (
        <Days shifts={soon} today={today} label="Your shifts this week and next" />
      )}
      {later.length > 0 && (
        <>
          <h2 className="staff-shifts__later">Later</h2>
          <Days shifts={later} today={today} label="Your shifts after next week" />
        </>
      )}
      {shifts.length > 0 && <AddToCalendar />}
    </>
  );
}

/** Shifts by day, each with its times, place, role and break. */
function Days({ shifts, today, label }: { shifts: MyShift[]; today: string; label: string }) {
  const days = [...new Set(shifts.map((s) => s.date))];
  return (
    <ul className="staff-list" aria-label={label}>
      {days.map((date) => (
        <li
          key={date}
          className={`staff-card staff-shifts__day${date === today ? " staff-shifts__day--today" : ""}`}
        >
          <h2>
            {dayLabel(date)}
            {date === today && <span className="staff-shifts__today"> Today</span>}
          </h2>
          {shifts
            .filter((s) => s.date === date)
            .map((s) => (
              <p key={s.id} className="staff-shifts__shift">
                <strong>
                  {s.start_local}–{s.end_local}
                </strong>
                <span>
                  {[s.location_name, s.role, breakLabel(s.break_minutes)].filter(Boolean).join(" · ")}
                </span>
                {s.notes && <span className="muted">{s.notes}</span>}
              </p>
            ))}
        </li>
      ))}
    </ul>
  );
}
