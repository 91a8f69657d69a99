import { useEffect, useState } from "react";
import { data, SIGNED_OUT_EVENT, staffApi } from "./api";
import { HolidayScreen } from "./holiday/holiday-screen";
import { HoursScreen } from "./hours/hours-screen";
import { MoreScreen } from "./more/more-screen";
import type { StaffScreenProps } from "./screen-props";
import { storedStaffToken, storeStaffToken } from "./session";
import { ShiftsScreen } from "./shifts/shifts-screen";
import { SignIn } from "./sign-in/sign-in";
import { STAFF_TABS, useStaffTab } from "./tabs";
import { useLoad } from "./use-load";

// The staff app (docs/staff-app.md): sign-in, then four screens with a tab bar at the bottom, phone first.

export function StaffApp() {
  const [token, setToken] = useState(storedStaffToken);
  useEffect(() => {
    const onSignedOut = () => setToken(null);
    window.addEventListener(SIGNED_OUT_EVENT, onSignedOut);
    return () => window.removeEventListener(SIGNED_OUT_EVENT, onSignedOut);
  }, []);
  const signedIn = (next: string) => {
    storeStaffToken(next);
    setToken(next);
  };
  return token ? <SignedIn key={token} onSignOut={() => setToken(null)} /> : <SignIn onSignedIn={signedIn} />;
}

function SignedIn({ onSignOut }: { onSignOut: () => void }) {
  const { loaded } = useLoad(() => data(staffApi().me.$get()));
  const [tab, go] = useStaffTab();
  if (loaded.state !== "ready") {
    return (
      <main className="staff-app staff-app--centred">
        <p role={loaded.state === "failed" ? "alert" : "status"}>
          {loaded.state === "failed" ? loaded.message : "Loading…"}
        </p>
      </main>
    );
  }
  const me = loaded.value;
  const props: StaffScreenProps = { me, onSignOut };
  return (
    <div className="staff-app">
      <header className="staff-app__header">
        <p className="staff-app__hello">Hello, {me.first_name}</p>
        <p className="staff-app__where">{me.location.name}</p>
      </header>
      <main className="staff-app__main">
        {tab === "/me" && <ShiftsScreen {...props} />}
        {tab === "/me/hours" && <HoursScreen {...props} />}
        {tab === "/me/holiday" && <HolidayScreen {...props} />}
        {tab === "/me/more" && <MoreScreen {...props} />}
      </main>
      <nav className="staff-app__tabs" aria-label="Staff app">
        {STAFF_TABS.map((t) => (
          <a
            key={t.path}
            href={t.path}
            aria-current={t.path === tab ? "page" : undefined}
            onClick={(event) => {
              event.preventDefault();
              go(t.path);
            }}
          >
            {t.label}
          </a>
        ))}
      </nav>
    </div>
  );
}
