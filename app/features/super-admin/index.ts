// The platform console (/super-admin): its sign-in, its dashboard and whether its session is stored.
import "./super-admin.css";

export { AdminDashboard } from "./components/admin-dashboard";
export { SuperAdminLogin } from "./components/login-form";
export { useSuperAdminSession } from "./storage";
