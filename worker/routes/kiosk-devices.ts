import { Hono } from "hono";
import {
  deviceParams,
  type KioskDevicesResponse,
  type PairDeviceResponse,
  pairDeviceRequest,
  type RevokeDevicesResponse,
} from "../contracts/kiosk";
import { locationParams } from "../contracts/params";
import { SOCKET_CLOSE } from "../contracts/socket-close";
import { listDevices, pairDevice, revokeDevices } from "../db/kiosk-devices";
import { appSecret } from "../lib/config";
import { notFound } from "../lib/errors";
import { disconnectSockets } from "../lib/hub";
import { issueKioskToken } from "../lib/tickets";
import { noBody, optionalJsonBody, params } from "../lib/validate";
import { ownedLocation } from "../middleware/ownership";
import type { AppEnv } from "../types";

// Making a browser a location's kiosk (variant B), listing the paired ones, and unpairing them.

export const kioskDeviceRoutes = new Hono<AppEnv>()
  .post(
    "/:locationId",
    params(locationParams),
    optionalJsonBody(pairDeviceRequest),
    ownedLocation,
    async (c) => {
      const { db, user, location } = c.var;
      const label = c.req.valid("json").label ?? "Kiosk";
      const deviceId = await pairDevice(db, user.id, location.id, label);
      const token = await issueKioskToken(appSecret(c.env), { deviceId, locationId: location.id });
      return c.json<PairDeviceResponse>({ device_id: deviceId, token, label, location_id: location.id }, 201);
    },
  )

  .get("/:locationId", params(locationParams), ownedLocation, async (c) => {
    const { db, location } = c.var;
    return c.json<KioskDevicesResponse>({ devices: await listDevices(db, location.id) });
  })

  .delete("/:locationId/:deviceId", params(deviceParams), noBody, ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    const { deviceId } = c.req.valid("param");
    if ((await revokeDevices(db, user.id, location.id, deviceId)) === 0) {
      throw notFound("Kiosk device not found");
    }
    await disconnectSockets(c.env, [location.id], { device: deviceId }, SOCKET_CLOSE.deviceRevoked);
    return c.json<RevokeDevicesResponse>({ success: true, revoked: 1 });
  })

  .delete("/:locationId", params(locationParams), noBody, ownedLocation, async (c) => {
    const { db, user, location } = c.var;
    const revoked = await revokeDevices(db, user.id, location.id, null);
    await disconnectSockets(c.env, [location.id], { pairedKiosks: true }, SOCKET_CLOSE.deviceRevoked);
    return c.json<RevokeDevicesResponse>({ success: true, revoked });
  });
