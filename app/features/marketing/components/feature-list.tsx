const FEATURES = [
  {
    title: "Digital check-in/out",
    text: "Staff tap Check In or Check Out on a shared tablet, pick their initial and their name. No app to install, no cards to lose.",
  },
  {
    title: "Secure PIN verification",
    text: "Everyone has a private four-digit PIN, so nobody clocks in for a friend. Repeated wrong PINs lock the name for a while.",
  },
  {
    title: "Automated reports",
    text: "Hours per person for the week or month, breaks deducted the way you set them, and a weekly report every Monday morning.",
  },
  {
    title: "Real-time attendance view",
    text: "See who is in, who has left and who is on holiday or off sick the moment it happens, from any browser.",
  },
  {
    title: "Multi-location management",
    text: "Run every site from one account: each location has its own kiosk link, staff list, break rules and branding.",
  },
  {
    title: "AI analytics",
    text: "Ask plain-English questions about attendance, overtime and leave, and get answers from your own records.",
  },
];

export function FeatureList() {
  return (
    <section className="section" aria-labelledby="features-heading">
      <h2 id="features-heading">What you can do</h2>
      <ul className="feature-grid">
        {FEATURES.map((feature) => (
          <li key={feature.title} className="feature-card">
            <h3>{feature.title}</h3>
            <p>{feature.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
