import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** Base URL of tests/support/fake-server.ts on 127.0.0.1. */
      FAKE_SERVER_URL: string;
    }
  }
}
