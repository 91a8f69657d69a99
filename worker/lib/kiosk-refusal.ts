import { ONLY_PAIRED_KIOSKS } from "../contracts/kiosk";
import { LOCATION_NOT_FOUND } from "../contracts/locations";
import type { KioskRefusal } from "../durable/location-hub";
import { NOT_PAIRED } from "../middleware/kiosk-device";
import { type ApiError, forbidden, notFound, unauthorized } from "./errors";

/**
 * A kiosk call the location's hub refused, as the kiosk is told it: 404 for a location that is not live
 * (archived, or its account closed), 403 while its manager accepts only paired kiosks, 401 for a device
 * that is no longer paired. A paired kiosk's location that is no longer live is a 401 too: its pairing
 * ended with it.
 */
export function kioskRefused(refusal: KioskRefusal, caller: { deviceId: string | null }): ApiError {
  switch (refusal) {
    case "not_found":
      return caller.deviceId ? unauthorized(NOT_PAIRED) : notFound(LOCATION_NOT_FOUND);
    case "only_paired":
      return forbidden(ONLY_PAIRED_KIOSKS);
    case "not_paired":
      return unauthorized(NOT_PAIRED);
  }
}
