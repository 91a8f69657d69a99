import type { StaffScreenProps } from "../staff-app";

export function HolidayScreen(_props: StaffScreenProps) {
  return (
    <section aria-labelledby="staff-screen-title">
      <h1 id="staff-screen-title">Your holiday</h1>
    </section>
  );
}
