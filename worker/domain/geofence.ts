import { MAX_ACCURACY_METRES } from "../contracts/staff-phone";

// Phone clock-in's geofence (docs/staff-app.md, "Clocking in from the phone"): pure, no I/O.

/** The site's circle: its centre, and how far from it a phone may clock in. */
export type SiteCircle = { latitude: number; longitude: number; radiusMetres: number };

/** Where the phone says it is, and how sure it is (metres, the browser's `coords.accuracy`). */
export type ReportedPosition = { latitude: number; longitude: number; accuracy: number };

/** The mean Earth radius (IUGG), in metres. */
const EARTH_RADIUS_METRES = 6_371_008.8;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in metres (the haversine formula). */
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export type GeofenceCheck =
  /** The phone's circle touches the site's: the punch may go ahead. */
  | { inside: true; distance: number }
  | { inside: false; reason: "outside"; distance: number }
  | { inside: false; reason: "too_vague"; distance: number };

/**
 * Whether a reported position is at the site: the phone may be anywhere within its stated accuracy, so the
 * punch is accepted when that circle touches the site's (distance − accuracy ≤ radius). An accuracy over
 * MAX_ACCURACY_METRES says too little to decide on.
 */
export function checkGeofence(site: SiteCircle, position: ReportedPosition): GeofenceCheck {
  const distance = distanceMetres(site, position);
  if (position.accuracy > MAX_ACCURACY_METRES) return { inside: false, reason: "too_vague", distance };
  const slack = Math.min(position.accuracy, MAX_ACCURACY_METRES);
  if (distance - slack <= site.radiusMetres) return { inside: true, distance };
  return { inside: false, reason: "outside", distance };
}

/** A distance as a person reads it: to the nearest 10 m. */
export const roundedDistance = (metres: number) => Math.round(metres / 10) * 10;

/** What is kept of a position with a punch: about 10 m (4 decimal places), accuracy to the metre. */
export const keptPosition = (position: ReportedPosition): ReportedPosition => ({
  latitude: Math.round(position.latitude * 10_000) / 10_000,
  longitude: Math.round(position.longitude * 10_000) / 10_000,
  accuracy: Math.round(position.accuracy),
});
