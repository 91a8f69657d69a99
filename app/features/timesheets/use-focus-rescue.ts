import { type RefObject, useEffect, useRef, useState } from "react";

/**
 * Where the focus goes when an action ends and has lost it: a dialog that held it closed, or the button that
 * held it went (Approve is replaced by Unlock, or by "Approved by …", once the new timesheet arrives). It
 * goes back to the element that started the action if that is still there, otherwise to the fallback. It
 * is only ever moved when lost (on the page's body), after the render that closes the dialog and, when the
 * action changed something, after the new timesheet (`page`) has arrived too.
 */
export function useFocusRescue(fallback: RefObject<HTMLElement | null>, page: unknown) {
  const opener = useRef<HTMLElement | null>(null);
  const pending = useRef<{ opener: HTMLElement | null; page: unknown; changed: boolean } | null>(null);
  const [checks, setChecks] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `checks` and `page` say when to look again.
  useEffect(() => {
    const wanted = pending.current;
    if (!wanted) return;
    const settled = !wanted.changed || page !== wanted.page;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) {
      const target = wanted.opener?.isConnected ? wanted.opener : settled ? fallback.current : null;
      target?.focus();
    }
    if (settled) pending.current = null;
  }, [checks, page, fallback]);
  return {
    /** The element focused as the action starts (the answer takes a moment; the page changes meanwhile). */
    remember() {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
    /** The action has ended; `changed`: the timesheet is being fetched again. */
    check(changed: boolean) {
      pending.current = { opener: opener.current, page, changed };
      setChecks((n) => n + 1);
    },
  };
}
