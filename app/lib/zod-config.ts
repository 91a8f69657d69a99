// zod's settings, in place before any screen's code builds a schema (main.tsx imports this first; zod
// itself only arrives with the lazy screens). jitless: zod's object schemas otherwise probe for eval with
// `new Function("")` as the first one is built. The production CSP has no 'unsafe-eval'
// (worker/lib/security-headers.ts), so the probe fails and zod uses its plain parser anyway, but Chromium
// reports a CSP violation on every screen that loads zod.
// This is `z.config({ jitless: true })` without importing zod here, which would move 11 kB of it into the
// entry every page loads: zod keeps its settings in this global and adopts an existing one
// (zod/v4/core/core.js). tests/e2e/security-headers.test.ts fails if the dashboard reports a violation again.
const zod = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zod.__zod_globalConfig = { ...zod.__zod_globalConfig, jitless: true };
