/** The dialog's sections, in the order they are shown. */
export const INTEGRATIONS_SECTIONS = [
  { id: "api-keys", label: "API keys" },
  { id: "webhooks", label: "Webhooks" },
  { id: "xero", label: "Xero Payroll" },
] as const;
export type IntegrationsSection = (typeof INTEGRATIONS_SECTIONS)[number]["id"];

/** The section an address asks for (`?integrations=xero`), or null when it asks for none. */
export function sectionFromAddress(location: { search: string }): IntegrationsSection | null {
  const asked = new URLSearchParams(location.search).get("integrations");
  return INTEGRATIONS_SECTIONS.find((section) => section.id === asked)?.id ?? null;
}
