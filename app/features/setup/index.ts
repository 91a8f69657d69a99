// What other parts of the app use from setup: the checklist a new location's dashboard shows until it is
// set up (docs/setup-checklist.md), and where its steps lead.
export { SetupChecklist, type SetupTarget } from "./components/setup-checklist";
