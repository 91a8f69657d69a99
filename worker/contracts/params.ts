import { z } from "zod";

// Path parameters. Ids are checked loosely (present, not too long, URL-safe characters, as every id the
// product makes is): a well-formed id that names nothing, or names another account's data, still reaches
// its route's 404, which tells a caller nothing about what exists.

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** An id in the path; `label` names it in the refusal ("Location id is not valid"). */
export const idParam = (label: string) =>
  z.string({ error: `${label} is required` }).regex(ID_PATTERN, `${label} is not valid`);

/** `/{locationId}`: most of the dashboard's calls, and the kiosk's. */
export const locationParams = z.object({ locationId: idParam("Location id") });
