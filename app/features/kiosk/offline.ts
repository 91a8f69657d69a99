import type { KioskAction, KioskEmployee, KioskSubmitResponse, OfflinePunch } from "@contracts/kiosk";
import { OFFLINE_MAX_PUNCHES, offlineContext } from "@contracts/offline-punch";
import { sealPin } from "@contracts/seal";
import { ApiFailure } from "../../lib/http";
import { KIOSK_KEY_PREFIX, type KioskSource, type PairedKioskSource } from "./api";
import { enqueue, queued, queuedCount, removeQueued } from "./offline-queue";

// A paired kiosk that keeps working when the Wi-Fi drops (docs/kiosk.md). What it shows (the location, its staff's
// names and usernames, never a PIN hash) is kept from its last answer; a punch the network cannot carry is
// saved on the device with its time and its PIN sealed to the location hub's key, and sent, oldest first, once
// the network returns. A public kiosk does none of this: it says it is offline.

const SEAL_KEY = `${KIOSK_KEY_PREFIX}seal_key`;
const DIRECTORY = `${KIOSK_KEY_PREFIX}directory`;

const ACTION_WORDS: Record<KioskAction, string> = {
  check_in: "check-in",
  check_out: "check-out",
  break_start: "break",
  break_end: "return from break",
};

const offline = (error: unknown) => error instanceof ApiFailure && error.status === 0;

const directory = () => JSON.parse(localStorage.getItem(DIRECTORY) ?? "{}") as Record<string, unknown>;

/**
 * The last answer to each of the kiosk's reads, for when the network is gone. The directory is read again when
 * an answer arrives: reads overlap (the screen's and prepare()'s), and a slow one must not write back a copy
 * from before the others' answers.
 */
function remembered<T>(name: string, read: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      const answer = await read();
      localStorage.setItem(DIRECTORY, JSON.stringify({ ...directory(), [name]: answer }));
      return answer;
    } catch (error) {
      const all = directory();
      if (offline(error) && name in all) return all[name] as T;
      throw error;
    }
  };
}

export type OfflineKiosk = KioskSource & {
  /** Reads what the kiosk needs offline (the hub's key, every name) while the network is there. */
  prepare(): Promise<void>;
  /**
   * Sends the queue, oldest first, a batch at a time; what the network cannot carry waits for the next try.
   * One send at a time: a second call waits for the one under way.
   */
  flush(): Promise<void>;
};

export function offlineKiosk(paired: PairedKioskSource): OfflineKiosk {
  let sending: Promise<void> | null = null;

  /** Keeps the punch on the device, its PIN sealed to the hub's key; what the screen says instead. */
  async function keep(
    employee: KioskEmployee,
    pin: string,
    action: KioskAction,
    key: string,
    hubKey: string,
  ): Promise<KioskSubmitResponse> {
    const at = new Date();
    const punch = { key, username: employee.username, action, at: at.toISOString() };
    const sealed = await sealPin(JSON.parse(hubKey) as JsonWebKey, pin, offlineContext(punch));
    await enqueue({ ...punch, sealed_pin: sealed as OfflinePunch["sealed_pin"] });
    const time = at.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });
    return {
      success: true,
      message: `No connection: your ${ACTION_WORDS[action]} at ${time} is saved on this kiosk and will be sent when the connection returns.`,
    };
  }

  async function send() {
    try {
      for (;;) {
        const batch = (await queued()).slice(0, OFFLINE_MAX_PUNCHES);
        if (batch.length === 0) return;
        const answered = new Set(
          (await paired.sendOffline(batch.map((item) => item.punch))).map((r) => r.key),
        );
        await removeQueued(batch.filter((item) => answered.has(item.punch.key)).map((item) => item.id));
        if (answered.size < batch.length) return;
      }
    } catch {
      // Still offline, or the server is busy: the queue stays as it is for the next try.
    }
  }

  const source: OfflineKiosk = {
    ...paired,
    location: remembered("location", () => paired.location()),
    initials: remembered("initials", () => paired.initials()),
    employees: (initial) => remembered(`employees:${initial}`, () => paired.employees(initial))(),
    async submit(employee, pin, action, key, confirmLeave) {
      const hubKey = localStorage.getItem(SEAL_KEY);
      // In order: what waits goes first (a check-out must not arrive before its check-in), and while
      // anything still waits, this punch waits behind it.
      await source.flush();
      if (hubKey && (await queuedCount()) > 0) return keep(employee, pin, action, key, hubKey);
      try {
        return await paired.submit(employee, pin, action, key, confirmLeave);
      } catch (error) {
        if (!offline(error) || !hubKey) throw error;
        return keep(employee, pin, action, key, hubKey);
      }
    },
    // The live socket reconnecting is the network coming back (the browser's `online` event often is not).
    async appearanceSocketUrl() {
      const url = await paired.appearanceSocketUrl();
      void source.flush();
      return url;
    },
    async prepare() {
      localStorage.setItem(SEAL_KEY, JSON.stringify(await paired.sealKey()));
      await source.location();
      for (const initial of await source.initials()) await source.employees(initial);
    },
    flush() {
      sending ??= send().finally(() => {
        sending = null;
      });
      return sending;
    },
  };
  return source;
}
