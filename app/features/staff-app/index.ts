// The staff app, /me (docs/staff-app.md): its own page (me.html, app/me-main.tsx), its own client and session.
import "./staff-app.css";

export { StaffApp } from "./staff-app";
