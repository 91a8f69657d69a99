import { auditCorrections, auditOutboxRows } from "./db/attendance";
import { getDb } from "./db/client";
import {
  forgetPins,
  forgetShiftImports,
  legacySessions,
  legacyStaff,
  readSiteSnapshot,
  recordUsage,
  shiftImports,
} from "./db/hub-sync";
import { accountForSessionHash } from "./db/team";
import { locationRecipients } from "./db/team-mail";
import type { HubPorts } from "./durable/hub-ports";
import { LocationHub as Hub } from "./durable/location-hub";
import { autoClosedEmail, mailerFor, noShowEmail, pinAttackEmail } from "./services/email";
import { publishPunches } from "./services/webhook-events";

// The composition root of the location hub: the Durable Object class wrangler binds as LOCATION_HUB, given
// the control plane's D1 and the Worker's mailer as the ports it declares (durable/hub-ports.ts). The hub's
// own code never imports the database or the mailer (docs/hub.md).

/** The hub's ports over this env: D1 through worker/db, e-mail through services/email. */
export function hubPorts(env: Env): HubPorts {
  const db = getDb(env.DB);
  return {
    appUrl: env.APP_URL,
    controlPlane: {
      readSite: (locationId) => readSiteSnapshot(db, locationId),
      legacyStaff: (ids) => legacyStaff(db, ids),
      forgetPins: (ids) => forgetPins(db, ids),
      legacySessions: (locationId, after, limit) => legacySessions(db, locationId, after, limit),
      shiftImports: (locationId) => shiftImports(db, locationId),
      forgetShiftImports: (ids) => forgetShiftImports(db, ids),
      recordUsage: (locationId, usage) => recordUsage(db, locationId, usage),
      auditCorrections: (locationId, corrections) => auditCorrections(db, locationId, corrections),
      auditOutboxRows: (locationId, rows) => auditOutboxRows(db, locationId, rows),
      accountOfSession: async (sessionHash) => (await accountForSessionHash(db, sessionHash))?.user ?? null,
      locationRecipients: async (locationId, mail) =>
        (await locationRecipients(db, locationId, mail)) ?? null,
      punched: (locationId, punches) => publishPunches(env, locationId, punches),
    },
    mail: {
      autoClosed: (to, mail) => mailerFor(env, db).send({ to, ...autoClosedEmail(mail) }),
      pinAttack: (to, mail) => mailerFor(env, db).send({ to, ...pinAttackEmail(mail) }),
      noShow: (to, mail) => mailerFor(env, db).send({ to, ...noShowEmail(mail) }),
    },
  };
}

/** One per location, named by its id (durable/location-hub.ts). */
export class LocationHub extends Hub {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env, hubPorts);
  }
}
