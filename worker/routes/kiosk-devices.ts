import { Hono } from "hono";
import {
  deviceParams,
  type KioskDevicesResponse,
  PAIRING_CODE_MINUTES,
  type PairDeviceResponse,
  type PairingCodeResponse,
  pairDeviceRequest,
  type RevokeDevicesResponse,
} from "../contracts/kiosk";
import { locationParams } from "../contracts/params";
import { SOCKET_CLOSE } from "../contracts/socket-close";
import { listDevices, pairDevice, revokeDevices } from "../db/kiosk-devices";
import { issuePairingCode } from "../db/kiosk-pairing";
import { deviceLabel } from "../domain/device-label";
import { disconnectSockets, hubFor, notifyHub } from "../durable/client";
import { appSecret } from "../lib/config";
import { notFound } from "../lib/errors";
import { issueKioskToken } from "../lib/tickets";
import { noBody, optionalJsonBody, params } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import { actorOf } from "../middleware/session";
import type { AppEnv } from "../types";

// Making a browser a location's kiosk (variant B), or a one-time code a tablet pairs with (docs/kiosk.md),
// listing the paired ones, and unpairing them. Each change tells the location's hub, which tells its
// dashboards (the devices list follows at once) and its kiosks.

export const kioskDeviceRoutes = new Hono<AppEnv>()
  .post(
    "/:locationId",
    params(locationParams),
    optionalJsonBody(pairDeviceRequest),
    ownedLocation,
    async (c) => {
      const { db, user, location } = c.var;
      const label =
        c.req.valid("json").label ?? deviceLabel(c.req.header("User-Agent") ?? "", Date.now()) ?? "Kiosk";
      const deviceId = await pairDevice(db, user.id, actorOf(c), location.id, label);
      await notifyHub(c.env, location.id, "devices");
      const token = await issueKioskToken(appSecret(c.env), { deviceId, locationId: location.id });
      return c.json<PairDeviceResponse>({ device_id: deviceId, token, label, location_id: location.id }, 201);
    },
  )

  /** A code to type on the tablet instead of signing in there: single use, valid 10 minutes. */
  .post("/:locationId/pairing-codes", params(locationParams), noBody, ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    const issued = await issuePairingCode(db, appSecret(c.env), user.id, actorOf(c), location.id);
    return c.json<PairingCodeResponse>(
      {
        code: issued.code,
        expires_at: new Date(issued.expiresAt).toISOString(),
        expires_in: PAIRING_CODE_MINUTES * 60,
      },
      201,
    );
  })

  .get("/:locationId", params(locationParams), ownedLocation, async (c) => {
    const { db, location } = c.var;
    // D1 hears of a device's use within ten minutes; its location's hub knows it now.
    const [devices, lastUsed] = await Promise.all([
      listDevices(db, location.id),
      hubFor(c.env, location.id).devicesLastUsed(),
    ]);
    return c.json<KioskDevicesResponse>({
      devices: devices.map((device) => {
        const at = Math.max(Date.parse(device.last_used_at ?? "") || 0, lastUsed[device.id] ?? 0);
        return { ...device, last_used_at: at ? new Date(at).toISOString() : null };
      }),
    });
  })

  .delete("/:locationId/:deviceId", params(deviceParams), noBody, ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    const { deviceId } = c.req.valid("param");
    if ((await revokeDevices(db, user.id, actorOf(c), location.id, deviceId)) === 0) {
      throw notFound("Kiosk device not found");
    }
    await notifyHub(c.env, location.id, "devices");
    await disconnectSockets(c.env, [location.id], { device: deviceId }, SOCKET_CLOSE.deviceRevoked);
    return c.json<RevokeDevicesResponse>({ success: true, revoked: 1 });
  })

  .delete("/:locationId", params(locationParams), noBody, ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    const revoked = await revokeDevices(db, user.id, actorOf(c), location.id, null);
    await notifyHub(c.env, location.id, "devices");
    await disconnectSockets(c.env, [location.id], { pairedKiosks: true }, SOCKET_CLOSE.deviceRevoked);
    return c.json<RevokeDevicesResponse>({ success: true, revoked });
  });
