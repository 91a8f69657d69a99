import { useEffect } from "react";
import { Link, useParams } from "react-router";
import { Toaster } from "sonner";

/** /kiosk and /attendance/:locationId. The clock-in flow itself arrives with the kiosk release. */
export default function KioskPage() {
  const { locationId } = useParams();
  useEffect(() => {
    document.title = "Clock in — Clocked";
  }, []);
  return (
    <div className="kiosk">
      <Toaster position="top-center" visibleToasts={3} duration={4000} richColors />
      <main className="kiosk__main">
        <h1>Clock in and out</h1>
        <p className="coming-soon">
          {locationId
            ? "This location's kiosk is being set up: the check-in flow opens with the kiosk release."
            : "This device is not paired with a location yet. A manager pairs it from the dashboard."}
        </p>
      </main>
      <Link to="/manager-dashboard" className="kiosk__corner" aria-label="Manager dashboard">
        ⚙
      </Link>
    </div>
  );
}
