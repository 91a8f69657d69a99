// Signing up, in and out: the manager dashboard's screens before the dashboard itself.

export { signOut } from "./api";
export { ForgotPasswordModal } from "./components/forgot-password-modal";
export { LoginForm } from "./components/login-form";
export { PlanChoice } from "./components/plan-choice";
export { SignupForm } from "./components/signup-form";
export { VerifyEmail } from "./components/verify-email";
