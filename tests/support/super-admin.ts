import { type ApiResult, client } from "./api";

export const DEV_ADMIN = { username: "admin", password: "Admin!2026" };

/** Signs in with the development defaults (the test env has ENVIRONMENT=development and no secrets). */
export async function superAdminToken(call = client()): Promise<string> {
  const response: ApiResult = await call("POST", "/api/super-admin/login", { body: DEV_ADMIN });
  if (response.status !== 200) throw new Error(`super admin login: ${JSON.stringify(response.body)}`);
  return response.body.session_id as string;
}
