/** Settings → Integrations → Webhooks. */
export function WebhooksSection() {
  return (
    <section className="subscription-dialog__section" aria-label="Webhooks">
      <h3>Webhooks</h3>
    </section>
  );
}
