// What other parts of the app use from the rota: its tab, as a loader (its own chunk, docs/dashboard.md).
/** The Rota tab: loaded when the dashboard first opens (or points at) the tab. */
export const loadRotaTab = () => import("./components/rota-tab").then((module) => module.RotaTab);
