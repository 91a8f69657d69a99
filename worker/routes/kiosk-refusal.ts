import { ONLY_PAIRED_KIOSKS } from "../contracts/kiosk";
import { KIOSK_RETIRED } from "../contracts/kiosk-notices";
import { LOCATION_NOT_FOUND } from "../contracts/locations";
import type { KioskRefusal } from "../durable/client";
import { ApiError, forbidden, notFound, unauthorized } from "../lib/errors";
import { NOT_PAIRED } from "../middleware/kiosk-device";

/**
 * A kiosk call the location's hub refused, as the kiosk is told it: 404 for a location that never existed,
 * 410 for one that is no longer in use (archived, or its account closed: public and paired kiosks alike, so
 * the kiosk can say so rather than fail), 403 while its manager accepts only paired kiosks, 401 for a device
 * that is no longer paired. A paired kiosk's unknown location is a 401 too: its pairing ended with it.
 */
export function kioskRefused(refusal: KioskRefusal, caller: { deviceId: string | null }): ApiError {
  switch (refusal) {
    case "not_found":
      return caller.deviceId ? unauthorized(NOT_PAIRED) : notFound(LOCATION_NOT_FOUND);
    case "retired":
      return new ApiError(410, KIOSK_RETIRED);
    case "only_paired":
      return forbidden(ONLY_PAIRED_KIOSKS);
    case "not_paired":
      return unauthorized(NOT_PAIRED);
  }
}
