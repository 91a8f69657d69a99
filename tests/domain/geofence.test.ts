import { describe, expect, it } from "vitest";
import { checkGeofence, distanceMetres, keptPosition, roundedDistance } from "../../worker/domain/geofence";

// Camden High Street, and points due north of it: along a meridian the haversine distance is the arc itself.
const SITE = { latitude: 51.5392, longitude: -0.1426, radiusMetres: 150 };
const EARTH = 6_371_008.8;
const north = (metres: number) => ({
  latitude: SITE.latitude + (metres / EARTH) * (180 / Math.PI),
  longitude: SITE.longitude,
});

describe("distance", () => {
  it("measures a degree of latitude as about 111.2 km", () => {
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      0,
    );
  });

  it("measures London to Paris as about 343.9 km", () => {
    const london = { latitude: 51.5074, longitude: -0.1278 };
    const paris = { latitude: 48.8566, longitude: 2.3522 };
    expect(distanceMetres(london, paris) / 1000).toBeCloseTo(343.9, 0);
  });

  it("is zero for the same point", () => {
    expect(distanceMetres(SITE, SITE)).toBe(0);
  });
});

describe("the geofence", () => {
  const at = (metres: number, accuracy: number) => ({ ...north(metres), accuracy });
  // The phone's accuracy exactly bridging the gap: distance − accuracy = radius, computed without rounding.
  const bridging = (metres: number) => distanceMetres(SITE, north(metres)) - SITE.radiusMetres;

  it("accepts a phone whose circle exactly touches the site's", () => {
    const position = { ...north(250), accuracy: bridging(250) };
    expect(checkGeofence(SITE, position)).toMatchObject({ inside: true });
  });

  it("accepts a phone whose circle reaches 1 m into the site's", () => {
    const position = { ...north(250), accuracy: bridging(250) + 1 };
    expect(checkGeofence(SITE, position)).toMatchObject({ inside: true });
  });

  it("refuses a phone whose circle stops 1 m short of the site's", () => {
    const position = { ...north(250), accuracy: bridging(250) - 1 };
    expect(checkGeofence(SITE, position)).toMatchObject({ inside: false, reason: "outside" });
  });

  it("accepts a precise phone on the radius, 1 m inside it, and refuses one 1 m outside", () => {
    const onTheEdge = distanceMetres(SITE, north(150));
    const site = { ...SITE, radiusMetres: onTheEdge };
    expect(checkGeofence(site, { ...north(150), accuracy: 0 }).inside).toBe(true);
    expect(checkGeofence(SITE, at(149, 0)).inside).toBe(true);
    expect(checkGeofence(SITE, at(151, 0))).toMatchObject({ inside: false, reason: "outside" });
  });

  it("tells the distance of a refused phone", () => {
    const check = checkGeofence(SITE, at(420, 10));
    expect(check.inside).toBe(false);
    expect(roundedDistance(check.distance)).toBe(420);
  });

  it("refuses an accuracy over 1,000 m as too vague, even at the site", () => {
    expect(checkGeofence(SITE, at(0, 1_001))).toMatchObject({ inside: false, reason: "too_vague" });
    expect(checkGeofence(SITE, at(1_100, 1_000))).toMatchObject({ inside: true });
  });
});

describe("what is kept of a position", () => {
  it("rounds to 4 decimal places and the accuracy to the metre", () => {
    expect(keptPosition({ latitude: 51.539249, longitude: -0.142551, accuracy: 12.6 })).toEqual({
      latitude: 51.5392,
      longitude: -0.1426,
      accuracy: 13,
    });
  });

  it("rounds distances to the nearest 10 m", () => {
    expect(roundedDistance(424.9)).toBe(420);
    expect(roundedDistance(425)).toBe(430);
  });
});
