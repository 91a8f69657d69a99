import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { StaffApp } from "./features/staff-app";
import "./styles/global.css";

// The staff app's own page (me.html, served at /me and under it): React and the staff app, without the
// dashboard's router or any manager screen (docs/staff-app.md).
const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <StaffApp />
    </StrictMode>,
  );
}
