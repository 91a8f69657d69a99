import type { ApiKeyCreated, CreateApiKeyRequest } from "../../worker/contracts/api-keys";
import { api } from "./api";

/** A key made in Settings → Integrations by the signed-in `token`; its secret as shown once. */
export async function createApiKey(token: string, body: Partial<CreateApiKeyRequest> = {}) {
  const created = await api("POST", "/api/manager/api-keys", {
    token,
    body: { name: "Payroll sync", scope: "read", ...body },
  });
  if (created.status !== 201) throw new Error(`API key: ${JSON.stringify(created.body)}`);
  return created.body as unknown as ApiKeyCreated;
}
