import { useEffect, useState } from "react";

// The staff app's screens, each at its own address under /me, so the back button and a shared link work
// without the dashboard's router.

export const STAFF_TABS = [
  { path: "/me", label: "Shifts" },
  { path: "/me/hours", label: "Hours" },
  { path: "/me/holiday", label: "Holiday" },
  { path: "/me/more", label: "More" },
] as const;
export type StaffTabPath = (typeof STAFF_TABS)[number]["path"];

const tabOf = (pathname: string): StaffTabPath =>
  STAFF_TABS.find((tab) => tab.path === pathname.replace(/\/+$/, ""))?.path ?? "/me";

export function useStaffTab(): [StaffTabPath, (path: StaffTabPath) => void] {
  const [tab, setTab] = useState(() => tabOf(window.location.pathname));
  useEffect(() => {
    const onPop = () => setTab(tabOf(window.location.pathname));
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);
  const go = (path: StaffTabPath) => {
    if (path !== tab) window.history.pushState(null, "", path);
    setTab(path);
    window.scrollTo(0, 0);
  };
  return [tab, go];
}
