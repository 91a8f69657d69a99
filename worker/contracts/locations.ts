import { z } from "zod";
import { isSafeText, unsafeTextMessage } from "./text";

export const locationName = z
  .string({ error: "Location name is required" })
  .refine(isSafeText, unsafeTextMessage("Location name"))
  .trim()
  .min(1, "Location name is required")
  .max(100, "Location name must be at most 100 characters");

export const createLocationRequest = z.strictObject({ name: locationName });

/** Another account's location, an archived one and an id that names nothing all answer this (404). */
export const LOCATION_NOT_FOUND = "Location not found";

export type Location = { id: string; name: string; timezone: string };
export type LocationsResponse = { locations: Location[] };
export type CreateLocationResponse = { location_id: string; location: Location };
