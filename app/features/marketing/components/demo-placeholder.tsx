import { Link } from "react-router";

/**
 * Placeholder for the landing page's Demo tab. The read-only demo dashboard (Live Status, Employees,
 * Hours, Attendance Form with sample data) is built from the real dashboard's components, which are
 * still being written; it replaces this component.
 */
export function DemoPlaceholder() {
  return (
    <section className="section demo-placeholder" aria-labelledby="demo-heading">
      <h1 id="demo-heading">Demo dashboard</h1>
      <p className="coming-soon">
        The interactive demo is coming soon: a read-only manager dashboard with sample staff, where you can
        look round Live Status, Employees, Hours and the Attendance Form before you sign up.
      </p>
      <p>Until then, the free trial shows you the real dashboard with your own team.</p>
      <Link className="button button--large" to="/manager-dashboard">
        Start Your Free Trial
      </Link>
    </section>
  );
}
