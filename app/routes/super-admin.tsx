import { useEffect } from "react";
import { Toaster } from "sonner";
import { Logo } from "../components/logo";
import { AdminDashboard } from "../features/super-admin/components/admin-dashboard";
import { SuperAdminLogin } from "../features/super-admin/components/login-form";
import { useSuperAdminSession } from "../features/super-admin/storage";
import "../features/super-admin/super-admin.css";

export default function SuperAdminPage() {
  const session = useSuperAdminSession();
  useEffect(() => {
    document.title = "Super admin — Clocked";
  }, []);
  return (
    <>
      <Toaster position="top-center" visibleToasts={3} duration={3000} richColors closeButton />
      {session ? (
        <AdminDashboard />
      ) : (
        <div className="auth-page">
          <header className="auth-page__header">
            <Logo />
          </header>
          <main className="auth-page__main">
            <SuperAdminLogin />
          </main>
        </div>
      )}
    </>
  );
}
