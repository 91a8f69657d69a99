import type { KioskSetup } from "../contracts/appearance";
import type { ServerMessage } from "../contracts/live";
import { SOCKET_CLOSE } from "../contracts/socket-close";
import { SerialQueue } from "../lib/serial-queue";
import type { HubCore } from "./hub-core";
import { broadcast, closeSocket, DASHBOARDS, KIOSKS, PUBLIC_KIOSKS, sendText } from "./hub-sockets";
import { currentStatus } from "./rooms/reads";

/**
 * What the hub pushes to its open sockets: Live Status to the dashboards, the look to the kiosks. Queued, so
 * each socket receives states in the order they happened.
 */
export class LivePushes {
  readonly #pushes = new SerialQueue();
  /** The queued live-status push that has not started yet, if any. */
  #pendingLiveStatus: Promise<void> | null = null;

  constructor(private readonly hub: HubCore) {}

  /** The dashboards' Live Status, read again from storage. */
  pushLiveStatus(): Promise<void> {
    // A burst of punches queues one read, not one per punch: a push that has not started yet will read
    // the storage after every punch before it, so it already carries their state.
    if (this.#pendingLiveStatus) return this.#pendingLiveStatus;
    const { ctx } = this.hub;
    const push = this.#pushes
      .run(async () => {
        this.#pendingLiveStatus = null;
        if (ctx.getWebSockets(DASHBOARDS).length === 0) return;
        broadcast(ctx, { type: "live_status", data: await currentStatus(this.hub) });
      })
      .catch((error: unknown) => this.hub.logFailure("live status push", error));
    this.#pendingLiveStatus = push;
    return push;
  }

  /** The kiosks' new look; public kiosks are closed once the location accepts only paired ones. */
  pushAppearance(): Promise<void> {
    const { ctx } = this.hub;
    return this.#pushes
      .run(async () => {
        if (ctx.getWebSockets(KIOSKS).length === 0) return;
        const site = this.hub.records.site();
        const text = JSON.stringify({
          type: "appearance",
          data: await this.appearance(),
        } satisfies ServerMessage);
        for (const ws of ctx.getWebSockets(KIOSKS)) sendText(ws, text);
        if (site && !site.open) {
          for (const ws of ctx.getWebSockets(KIOSKS)) closeSocket(ws, SOCKET_CLOSE.locationClosed);
        } else if (site?.onlyPaired) {
          for (const ws of ctx.getWebSockets(PUBLIC_KIOSKS)) closeSocket(ws, SOCKET_CLOSE.onlyPaired);
        }
      })
      .catch((error: unknown) => this.hub.logFailure("appearance push", error));
  }

  /** What the kiosks' sockets are sent: the look, and whether to offer the break buttons. */
  async appearance(): Promise<KioskSetup> {
    const site = await this.hub.site();
    if (!site) return { button_shape: "rectangle", background_theme: "white", logo_url: null };
    return { ...site.appearance, record_breaks: site.recordBreaks };
  }
}
