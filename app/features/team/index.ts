// What other parts of the app use from the team: the Team button of the dashboard's menu (its dialog is its
// own chunk) and the accept-invitation page (/team/join).

export { TeamButton } from "./components/team-button";
export const loadAcceptInvitation = () =>
  import("./components/accept-invitation").then((module) => module.AcceptInvitation);
