import { useEffect, useRef } from "react";
import { LEGAL_EFFECTIVE_DATE, type LegalDocument } from "../legal-texts";

type Props = { document: LegalDocument; agreeLabel?: string; onAgree?: () => void; onClose: () => void };

/** Full-screen legal text. With `onAgree`, its button ticks the matching sign-up box and closes. */
export function LegalModal({ document, agreeLabel, onAgree, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  return (
    <dialog ref={dialog} className="legal-modal" aria-labelledby="legal-title" onClose={onClose}>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the text scrolls, so the keyboard must reach it (axe: scrollable-region-focusable) */}
      <section className="legal-modal__body" aria-labelledby="legal-title" tabIndex={0}>
        <h2 id="legal-title">{document.title}</h2>
        <p className="muted">Effective {LEGAL_EFFECTIVE_DATE}</p>
        {document.sections.map((section) => (
          <section key={section.heading}>
            <h3>{section.heading}</h3>
            <p>{section.body}</p>
          </section>
        ))}
      </section>
      <div className="legal-modal__actions">
        <button type="button" className="button button--ghost" onClick={onClose}>
          Close
        </button>
        {onAgree && (
          <button type="button" className="button" onClick={onAgree}>
            {agreeLabel}
          </button>
        )}
      </div>
    </dialog>
  );
}
