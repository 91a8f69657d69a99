import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import "./actions-menu.css";

type Props = {
  /** The button's text where the actions fold away: "Menu", "Kiosk". */
  label: string;
  /** Class for the wrapper, to place it in its bar. */
  className?: string;
  children: ReactNode;
};

/**
 * A row of actions on a wide screen; on a phone or a portrait tablet (up to 820px, see actions-menu.css) the
 * same actions folded behind one disclosure button. The actions are rendered once, so a button keeps its
 * state whichever way it shows. Choosing an action closes the menu, except one that opens more of the menu
 * itself (it has aria-expanded) or works inside a form of the menu; Escape and a tap outside close it too.
 */
export function ActionsMenu({ label, className, children }: Props) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerAway = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggle.current?.focus();
    };
    const onChoice = (event: MouseEvent) => {
      const item = (event.target as Element).closest("button, a");
      if (!item || item.hasAttribute("aria-expanded") || item.closest("form")) return;
      setOpen(false);
    };
    const list = panel.current;
    document.addEventListener("pointerdown", onPointerAway);
    document.addEventListener("keydown", onEscape);
    list?.addEventListener("click", onChoice);
    return () => {
      document.removeEventListener("pointerdown", onPointerAway);
      document.removeEventListener("keydown", onEscape);
      list?.removeEventListener("click", onChoice);
    };
  }, [open]);

  return (
    <div ref={root} className={`actions-menu ${className ?? ""}`}>
      <button
        ref={toggle}
        type="button"
        className="button button--ghost button--small actions-menu__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        <span className="actions-menu__caret" aria-hidden="true" />
      </button>
      <div ref={panel} id={panelId} className="actions-menu__panel" data-open={open}>
        {children}
      </div>
    </div>
  );
}
