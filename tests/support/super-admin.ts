import { type ApiResult, client } from "./api";
import { TEST_SUPER_ADMIN } from "./super-admin-credentials";

export const DEV_ADMIN = TEST_SUPER_ADMIN;

/** Signs in as the super admin the test bindings configure (vitest.config.ts). */
export async function superAdminToken(call = client()): Promise<string> {
  const response: ApiResult = await call("POST", "/api/super-admin/login", { body: DEV_ADMIN });
  if (response.status !== 200) throw new Error(`super admin login: ${JSON.stringify(response.body)}`);
  return response.body.session_id as string;
}
