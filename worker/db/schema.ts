// The D1 schema, one file per area under db/schema/. drizzle.config.ts reads this file, so every table
// must be exported from here for `npm run db:generate` to see it.

export * from "./schema/accounts";
export * from "./schema/api-keys";
export * from "./schema/availability";
export * from "./schema/billing";
export * from "./schema/kiosk";
export * from "./schema/leave-requests";
export * from "./schema/locations";
export * from "./schema/pay";
export * from "./schema/platform";
export * from "./schema/push-subscriptions";
export * from "./schema/staff";
export * from "./schema/staff-app";
export * from "./schema/staff-passkeys";
export * from "./schema/team";
export * from "./schema/webhooks";
export * from "./schema/xero";
