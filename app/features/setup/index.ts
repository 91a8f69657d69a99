// What other parts of the app use from setup: the checklist a new location's dashboard shows until it is
// set up (docs/setup-checklist.md), and where its steps lead.
export { SetupChecklist } from "./components/setup-checklist";
export type { SetupTarget } from "./step-text";
