import type {
  KioskAction,
  KioskEmployee,
  KioskLocation,
  KioskSubmitResponse,
  OfflinePunch,
  OfflinePunchResult,
} from "@contracts/kiosk";
import { IDEMPOTENCY_KEY_HEADER } from "@contracts/kiosk-header";
import type { KioskAppType } from "@worker/app";
import { hc } from "hono/client";
import { data, encodingParams, fetchOrFail, socketAddress } from "../../lib/http";

// The kiosk's own client, typed by the kiosk's routes only (KioskAppType): the kiosk page's bundle
// carries no dashboard route, no session store and no toasts.

const kioskClient = (headers?: Record<string, string>) =>
  encodingParams(hc<KioskAppType>("/", { fetch: fetchOrFail, headers }).api);

/** Where a kiosk gets its data: a location's public page, or a paired device's token. */
export type KioskSource = {
  location(): Promise<KioskLocation>;
  initials(): Promise<string[]>;
  employees(initial: string): Promise<KioskEmployee[]>;
  /** `confirmLeave`: the employee said yes to "You're on sick leave today. Clock in anyway?". */
  submit(
    employee: KioskEmployee,
    pin: string,
    action: KioskAction,
    idempotencyKey: string,
    confirmLeave?: boolean,
  ): Promise<KioskSubmitResponse>;
  /** The address of the kiosk's appearance socket (a paired device first gets a short ticket). */
  appearanceSocketUrl(): Promise<string>;
};

/**
 * Variant A: public calls by location. The kiosk page submits names; the dashboard's overlay
 * submits the username.
 */
export function locationKiosk(locationId: string, identify: "names" | "username" = "names"): KioskSource {
  const kiosk = kioskClient();
  const param = { locationId };
  return {
    location: () => data(kiosk.locations[":locationId"].$get({ param })),
    initials: async () => (await data(kiosk.employees.initials[":locationId"].$get({ param }))).initials,
    employees: async (initial) =>
      (
        await data(
          kiosk.employees["by-initial"][":locationId"][":initial"].$get({ param: { locationId, initial } }),
        )
      ).employees,
    submit: (employee, pin, action, key, confirmLeave) =>
      data(
        kiosk.kiosk.submit[":locationId"].$post(
          {
            param,
            json: {
              ...(identify === "names"
                ? {
                    location_id: locationId,
                    first_name: employee.first_name,
                    last_name: employee.last_name,
                  }
                : { username: employee.username }),
              pin,
              action,
              ...confirmed(confirmLeave),
            },
          },
          { headers: { [IDEMPOTENCY_KEY_HEADER]: key } },
        ),
      ),
    appearanceSocketUrl: async () =>
      socketAddress(kiosk["kiosk-live"][":locationId"].$path({ param, query: {} })),
  };
}

/** The submit's optional flag, only when it is true: the payloads without it stay as they were. */
const confirmed = (confirmLeave?: boolean) => (confirmLeave ? { confirm_leave: true } : {});

/** Everything the kiosk keeps in this browser is under this prefix (the dashboard's keys are not). */
export const KIOSK_KEY_PREFIX = "clocked.kiosk_";
export const KIOSK_TOKEN_KEY = `${KIOSK_KEY_PREFIX}token`;

/**
 * Makes this browser a paired kiosk with the one-time code a manager made in the dashboard; the device's
 * token comes back once.
 */
/** The device is named from its browser by the server ("Safari on a tablet, paired 01/12/2026"). */
export const pairWithCode = async (code: string) =>
  (await data(kioskClient().kiosk.pair.$post({ json: { code } }))).token;

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

/** A paired device's own calls besides a kiosk's: the hub's sealing key, and sending its offline queue. */
export type PairedKioskSource = KioskSource & {
  sealKey(): Promise<JsonWebKey>;
  sendOffline(punches: OfflinePunch[]): Promise<OfflinePunchResult[]>;
};

/** Variant B: /kiosk on a paired device; the device's token says which location it serves. */
export function pairedKiosk(token: string): PairedKioskSource {
  const kiosk = kioskClient({ Authorization: `Bearer ${token}` });
  return {
    sealKey: async () => (await data(kiosk.kiosk["seal-key"].$get())).public_key,
    sendOffline: async (punches) =>
      (await data(kiosk.kiosk["offline-punches"].$post({ json: { punches } }))).results,
    location: () => data(kiosk.kiosk.location.$get()),
    initials: async () => (await data(kiosk.employees.initials.$get())).initials,
    employees: async (initial) =>
      (await data(kiosk.employees["by-initial"][":initial"].$get({ param: { initial } }))).employees,
    submit: (employee, pin, action, key, confirmLeave) =>
      data(
        kiosk.kiosk.submit.$post(
          { json: { username: employee.username, pin, action, ...confirmed(confirmLeave) } },
          { headers: { [IDEMPOTENCY_KEY_HEADER]: key } },
        ),
      ),
    appearanceSocketUrl: async () => {
      const { ticket, location_id } = await data(kiosk["kiosk-live"].ticket.$post());
      return socketAddress(
        kiosk["kiosk-live"][":locationId"].$path({ param: { locationId: location_id }, query: { ticket } }),
      );
    },
  };
}
