// The signed-in person's own e-mail choices, from the dashboard's menu.
export const loadEmailPreferencesDialog = () =>
  import("./components/email-preferences-dialog").then((module) => module.EmailPreferencesDialog);
