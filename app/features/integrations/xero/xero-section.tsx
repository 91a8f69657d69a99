/** Settings → Integrations → Xero Payroll. */
export function XeroSection() {
  return (
    <section className="subscription-dialog__section" aria-label="Xero Payroll">
      <h3>Xero Payroll</h3>
    </section>
  );
}
