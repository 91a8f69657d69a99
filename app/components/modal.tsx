import { type FormEvent, type ReactNode, useEffect, useId, useRef } from "react";

type Props = {
  title: string;
  children: ReactNode;
  submitLabel: string;
  busyLabel?: string;
  busy?: boolean;
  onSubmit: () => void;
  onClose: () => void;
};

/** A small modal form on <dialog>: Escape and Cancel close it, focus stays inside while open. */
export function Modal({ title, children, submitLabel, busyLabel, busy = false, onSubmit, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <dialog ref={dialog} className="modal" aria-labelledby={titleId} onClose={onClose}>
      {/* Every dialog checks its own fields and says what is wrong in the product's words. */}
      <form onSubmit={submit} noValidate>
        <h2 id={titleId}>{title}</h2>
        {children}
        <div className="modal__actions">
          <button type="button" className="button button--ghost" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            {busy ? (busyLabel ?? "Saving...") : submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
