/** Settings → Integrations → API keys. */
export function ApiKeysSection() {
  return (
    <section className="subscription-dialog__section" aria-label="API keys">
      <h3>API keys</h3>
    </section>
  );
}
