import { useEffect } from "react";
import { Link } from "react-router";
import { SiteHeader } from "../components/site-header";

export default function LandingPage() {
  useEffect(() => {
    document.title = "Clocked — staff time and attendance for UK businesses";
  }, []);
  return (
    <>
      <SiteHeader />
      <main className="hero">
        <h1>Staff clock in with a PIN. You see who's in, live.</h1>
        <p>
          Clocked is the time and attendance service for UK small and multi-site businesses: a shared clock-in
          kiosk, a live dashboard, hours and leave you can pay from.
        </p>
        <Link className="button button--large" to="/manager-dashboard">
          Start Free Trial
        </Link>
      </main>
    </>
  );
}
