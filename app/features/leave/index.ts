// What other parts of the app use from leave: its tab, as a loader (its own chunk, docs/dashboard.md).
/** The Leave tab: loaded when the dashboard first opens (or points at) the tab. */
export const loadLeaveTab = () => import("./components/leave-tab").then((module) => module.LeaveTab);
