import type { LoginResponse, MessageResponse, VerifyEmailResponse } from "../../../worker/contracts/auth";
import { ApiFailure, apiRequest } from "../../lib/api";

export const authApi = {
  signup: (body: { name: string; email: string; password: string; confirm_password: string }) =>
    apiRequest<MessageResponse>("POST", "/auth/signup", { body }),
  verifyEmail: (email: string, verification_code: string, password: string) =>
    apiRequest<VerifyEmailResponse>("POST", "/auth/verify-email", {
      body: { email, verification_code, password },
    }),
  resendCode: (email: string) =>
    apiRequest<MessageResponse>("POST", "/auth/resend-code", { body: { email } }),
  forgotPassword: (email: string) =>
    apiRequest<MessageResponse>("POST", "/auth/forgot-password", { body: { email } }),
  resetPassword: (email: string, verification_code: string, new_password: string) =>
    apiRequest<MessageResponse>("POST", "/auth/reset-password", {
      body: { email, verification_code, new_password },
    }),
  /** Signs out the stored session, or `token` (the plan-choice screen's in-memory one). */
  logout: (token?: string) =>
    apiRequest<{ success: boolean }>(
      "POST",
      "/manager/logout",
      token ? { headers: { Authorization: `Bearer ${token}` } } : { auth: true },
    ),

  /** Spec §6: an entry without @ is tried as a manager username first, then as a full name. */
  async login(entry: string, password: string): Promise<LoginResponse> {
    if (!entry.includes("@")) {
      try {
        return await apiRequest<LoginResponse>("POST", "/manager/login", {
          body: { username: entry, password },
        });
      } catch (error) {
        if (!(error instanceof ApiFailure) || error.status !== 401) throw error;
      }
    }
    return apiRequest<LoginResponse>("POST", "/auth/login", { body: { email_or_name: entry, password } });
  },
};
