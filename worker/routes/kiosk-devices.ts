import { Hono } from "hono";
import {
  type KioskDevicesResponse,
  type PairDeviceResponse,
  pairDeviceRequest,
  type RevokeDevicesResponse,
} from "../contracts/kiosk";
import { SOCKET_CLOSE } from "../contracts/live";
import { listDevices, pairDevice, revokeDevices } from "../db/kiosk-devices";
import { ownedLocation } from "../db/locations";
import { appSecret } from "../lib/config";
import { notFound } from "../lib/errors";
import { disconnectSockets } from "../lib/hub";
import { issueKioskToken } from "../lib/tickets";
import { noBody, optionalJsonBody } from "../lib/validate";
import { requireManager } from "../middleware/session";
import type { AppEnv } from "../types";

// Making a browser a location's kiosk (variant B), listing the paired ones, and unpairing them.

export const kioskDeviceRoutes = new Hono<AppEnv>()
  .use(requireManager)
  .post("/:locationId", optionalJsonBody(pairDeviceRequest), async (c) => {
    const db = c.get("db");
    const userId = c.get("user").id;
    const location = await ownedLocation(db, userId, c.req.param("locationId"));
    const label = c.req.valid("json").label ?? "Kiosk";
    const deviceId = await pairDevice(db, userId, location.id, label);
    const token = await issueKioskToken(appSecret(c.env), { deviceId, locationId: location.id });
    return c.json<PairDeviceResponse>({ device_id: deviceId, token, label, location_id: location.id }, 201);
  })

  .get("/:locationId", async (c) => {
    const db = c.get("db");
    const location = await ownedLocation(db, c.get("user").id, c.req.param("locationId"));
    return c.json<KioskDevicesResponse>({ devices: await listDevices(db, location.id) });
  })

  .delete("/:locationId/:deviceId", noBody, async (c) => {
    const db = c.get("db");
    const userId = c.get("user").id;
    const location = await ownedLocation(db, userId, c.req.param("locationId"));
    const deviceId = c.req.param("deviceId");
    if ((await revokeDevices(db, userId, location.id, deviceId)) === 0) {
      throw notFound("Kiosk device not found");
    }
    await disconnectSockets(c.env, [location.id], { device: deviceId }, SOCKET_CLOSE.deviceRevoked);
    return c.json<RevokeDevicesResponse>({ success: true, revoked: 1 });
  })

  .delete("/:locationId", noBody, async (c) => {
    const db = c.get("db");
    const userId = c.get("user").id;
    const location = await ownedLocation(db, userId, c.req.param("locationId"));
    const revoked = await revokeDevices(db, userId, location.id, null);
    await disconnectSockets(c.env, [location.id], { pairedKiosks: true }, SOCKET_CLOSE.deviceRevoked);
    return c.json<RevokeDevicesResponse>({ success: true, revoked });
  });
