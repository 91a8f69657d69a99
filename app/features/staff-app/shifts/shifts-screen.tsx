import { ClockCard } from "../clock/clock-card";
import type { StaffScreenProps } from "../staff-app";

export function ShiftsScreen({ me }: StaffScreenProps) {
  return (
    <section aria-labelledby="staff-screen-title">
      <h1 id="staff-screen-title">Your shifts</h1>
      <ClockCard timeZone={me.location.timezone} />
    </section>
  );
}
