import type { StaffScreenProps } from "../staff-app";

export function HoursScreen(_props: StaffScreenProps) {
  return (
    <section aria-labelledby="staff-screen-title">
      <h1 id="staff-screen-title">Your hours</h1>
    </section>
  );
}
