// Settings → Integrations (docs/api.md, docs/webhooks.md, docs/xero.md): the dashboard's menu button; the
// dialog and its three sections are their own chunk.

export { IntegrationsButton } from "./components/integrations-button";
