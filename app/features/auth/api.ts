import type { InferRequestType } from "hono/client";
import { ApiFailure, api, apiAs, data, publicApi } from "../../lib/api";

// Signing up, in and out, and the e-mail codes: calls without a session, but signing out.

const signup = publicApi.auth.signup;

export const signUp = (body: InferRequestType<typeof signup.$post>["json"]) =>
  data(signup.$post({ json: body }));

export const verifyEmail = (email: string, verification_code: string, password: string) =>
  data(publicApi.auth["verify-email"].$post({ json: { email, verification_code, password } }));

export const resendCode = (email: string) => data(publicApi.auth["resend-code"].$post({ json: { email } }));

export const forgotPassword = (email: string) =>
  data(publicApi.auth["forgot-password"].$post({ json: { email } }));

/** The reset code is checked before the new password is typed (the 'Set New Password' step). */
export const checkResetCode = (email: string, verification_code: string) =>
  data(publicApi.auth["check-reset-code"].$post({ json: { email, verification_code } }));

export const resetPassword = (email: string, verification_code: string, new_password: string) =>
  data(publicApi.auth["reset-password"].$post({ json: { email, verification_code, new_password } }));

/** Spec §6: an entry without @ is tried as a manager username first, then as a full name. */
export async function signIn(entry: string, password: string) {
  if (!entry.includes("@")) {
    try {
      return await data(publicApi.manager.login.$post({ json: { username: entry, password } }));
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.status !== 401) throw error;
    }
  }
  return data(publicApi.auth.login.$post({ json: { email_or_name: entry, password } }));
}

/** Signs out the stored session, or `token` (the plan-choice screen's in-memory one). */
export const signOut = (token?: string) => data((token ? apiAs(token) : api).manager.logout.$post());
