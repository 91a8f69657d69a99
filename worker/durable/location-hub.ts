import { DurableObject } from "cloudflare:workers";

/**
 * One per location: serialises kiosk check-ins and PIN-lockout counters, and pushes live status to
 * the location's open dashboards over hibernating WebSockets. The kiosk issue fills it in.
 */
export class LocationHub extends DurableObject<Env> {}
