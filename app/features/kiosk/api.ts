import { jsonRequest } from "../../lib/http";

export type KioskAction = "check_in" | "check_out";
export type KioskEmployee = { id: string; first_name: string; last_name: string; username: string };
export type KioskLocation = {
  id: string;
  name: string;
  logo_url?: string | null;
  button_shape?: string;
  background_theme?: string;
};

/** ws(s)://this-origin/api/kiosk-live/{locationId}: where an open kiosk hears its new look. */
const kioskSocketUrl = (locationId: string, ticket?: string) => {
  const origin = window.location.origin.replace(/^http/, "ws");
  const query = ticket ? `?ticket=${encodeURIComponent(ticket)}` : "";
  return `${origin}/api/kiosk-live/${encodeURIComponent(locationId)}${query}`;
};
export type SubmitAnswer = { success: boolean; message: string };

/** Where a kiosk gets its data: a location's public page, or a paired device's token. */
export type KioskSource = {
  location(): Promise<KioskLocation>;
  initials(): Promise<string[]>;
  employees(initial: string): Promise<KioskEmployee[]>;
  submit(
    employee: KioskEmployee,
    pin: string,
    action: KioskAction,
    idempotencyKey: string,
  ): Promise<SubmitAnswer>;
  /** The address of the kiosk's appearance socket (a paired device first gets a short ticket). */
  appearanceSocketUrl(): Promise<string>;
};

const enc = encodeURIComponent;

/**
 * Variant A: public calls by location. The kiosk page submits names (spec §7); the dashboard's overlay
 * submits the username.
 */
export function locationKiosk(locationId: string, identify: "names" | "username" = "names"): KioskSource {
  return {
    location: () => jsonRequest<KioskLocation>("GET", `/locations/${enc(locationId)}`),
    initials: async () =>
      (await jsonRequest<{ initials: string[] }>("GET", `/employees/initials/${enc(locationId)}`)).initials,
    employees: async (initial) =>
      (
        await jsonRequest<{ employees: KioskEmployee[] }>(
          "GET",
          `/employees/by-initial/${enc(locationId)}/${enc(initial)}`,
        )
      ).employees,
    submit: (employee, pin, action, key) =>
      jsonRequest<SubmitAnswer>("POST", `/kiosk/submit/${enc(locationId)}`, {
        body:
          identify === "names"
            ? {
                location_id: locationId,
                first_name: employee.first_name,
                last_name: employee.last_name,
                pin,
                action,
              }
            : { username: employee.username, pin, action },
        headers: { "Idempotency-Key": key },
      }),
    appearanceSocketUrl: async () => kioskSocketUrl(locationId),
  };
}

export const KIOSK_TOKEN_KEY = "clocked.kiosk_token";

/** The location in /attendance/{locationId}; null on /kiosk, where the paired device's token says which. */
export function kioskLocationId(pathname: string): string | null {
  const segment = /^\/attendance\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (!segment) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Variant B: /kiosk on a paired device; the device's token says which location it serves. */
export function pairedKiosk(token: string): KioskSource {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    location: () => jsonRequest<KioskLocation>("GET", "/kiosk/location", { headers }),
    initials: async () =>
      (await jsonRequest<{ initials: string[] }>("GET", "/employees/initials", { headers })).initials,
    employees: async (initial) =>
      (
        await jsonRequest<{ employees: KioskEmployee[] }>("GET", `/employees/by-initial/${enc(initial)}`, {
          headers,
        })
      ).employees,
    submit: (employee, pin, action, key) =>
      jsonRequest<SubmitAnswer>("POST", "/kiosk/submit", {
        body: { username: employee.username, pin, action },
        headers: { ...headers, "Idempotency-Key": key },
      }),
    appearanceSocketUrl: async () => {
      const { ticket, location_id } = await jsonRequest<{ ticket: string; location_id: string }>(
        "POST",
        "/kiosk-live/ticket",
        { headers },
      );
      return kioskSocketUrl(location_id, ticket);
    },
  };
}
