import { useState } from "react";
import { staffApi } from "../api";
import type { StaffScreenProps } from "../screen-props";
import { storeStaffToken } from "../session";
import { AvailabilityCard } from "../shifts/availability-card";
import { MyData } from "./my-data";
import { NotificationsSection, stopPushHere } from "./notifications";
import { PasskeysCard } from "./passkeys-card";

// Everything that is not a daily look: settings, your data, signing out. Each part adds its own section.

export function MoreScreen({ me, onSignOut }: StaffScreenProps) {
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    // Notifications stop on this phone while the session can still say so; then the session ends on the
    // server, so the token is dead even if it was copied; the phone forgets it anyway.
    await stopPushHere().catch(() => undefined);
    await staffApi()
      .auth.logout.$post()
      .catch(() => undefined);
    storeStaffToken(null);
    onSignOut();
  };
  return (
    <section aria-labelledby="staff-screen-title" className="staff-stack">
      <h1 id="staff-screen-title">More</h1>
      <AvailabilityCard />
      <NotificationsSection />
      <div className="staff-card">
        <h2>Signed in</h2>
        <p>
          {me.first_name} {me.last_name}
          <br />
          <span className="muted">{me.email}</span>
        </p>
        <button
          type="button"
          className="staff-button staff-button--quiet"
          onClick={signOut}
          disabled={leaving}
        >
          {leaving ? "Signing out…" : "Sign out"}
        </button>
      </div>
      <MyData />
      <PasskeysCard />
    </section>
  );
}
