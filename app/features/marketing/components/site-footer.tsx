import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import { type LegalDocument, LegalModal, PRIVACY, TERMS } from "../../legal";

const GUIDES = [
  { to: "/time-tracking-software", label: "UK time tracking software" },
  { to: "/small-business-time-clock", label: "Small business time clock" },
  { to: "/retail-attendance-software", label: "Retail attendance software" },
];

const unchanging = () => () => {};

/**
 * This year, once the page is the browser's. The prerendered HTML (and so the hydrating render) leaves it
 * out: a page built in December is still served in January.
 */
const useYear = () =>
  useSyncExternalStore(
    unchanging,
    () => new Date().getFullYear(),
    () => null,
  );

/** Every public page's footer: the guides and the legal texts (read-only, no agree button). */
export function SiteFooter() {
  const [open, setOpen] = useState<LegalDocument | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const year = useYear();

  function show(document: LegalDocument, button: HTMLButtonElement) {
    opener.current = button;
    setOpen(document);
  }

  // Back to the button that opened the text, once the modal has gone (the page is inert while it is open).
  useEffect(() => {
    if (open) return;
    opener.current?.focus();
    opener.current = null;
  }, [open]);

  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <div>
          <p className="site-footer__brand">Clocked</p>
          <p>Staff clock-in, live attendance and payroll-ready hours for UK businesses. Prices in pounds.</p>
        </div>
        <nav aria-label="Guides">
          <h2>Guides</h2>
          <ul>
            <li>
              <Link to="/">Home</Link>
            </li>
            {GUIDES.map((guide) => (
              <li key={guide.to}>
                <Link to={guide.to}>{guide.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Legal">
          <h2>Legal</h2>
          <ul>
            {[TERMS, PRIVACY].map((document) => (
              <li key={document.title}>
                <button
                  type="button"
                  className="link-button"
                  onClick={(event) => show(document, event.currentTarget)}
                >
                  {document.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__legal">
        {`© ${year ? `${year} ` : ""}Clocked. Governed by the law of England and Wales.`}
      </p>
      {open && <LegalModal document={open} onClose={() => setOpen(null)} />}
    </footer>
  );
}
