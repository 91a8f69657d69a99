import type { Page } from "playwright-core";

/**
 * Boxes that are meant to scroll sideways inside the screen: the dashboard's tab row and wide tables in
 * their own wrapper. What is inside them may lie beyond the screen's edge; the box itself may not.
 */
export const SIDEWAYS_SCROLLERS = "[role='tablist'], .table-wrap, .timesheet-wrap, .table-scroll";

/**
 * What is wider than the screen, as it is drawn now. Each line names the element (tag, classes, its label or
 * first words) and where it lies; an empty list is a screen that fits:
 * - the page scrolls sideways (`document.scrollingElement.scrollWidth` over the screen's width);
 * - a displayed element reaches past the screen's left or right edge: one line for the outermost such
 *   element, naming the innermost ones inside it, which are usually the cause;
 * - a displayed element in an open dialog reaches past the dialog's content (into its padding or beyond);
 * - a box scrolls sideways (a dialog, a card) although it is not one of the SIDEWAYS_SCROLLERS.
 * What lies inside a SIDEWAYS_SCROLLER that scrolls as drawn now is left alone; the scroller itself is not.
 */
export function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate((scrollers) => {
    // The layout viewport: on a phone, Chromium zooms out to show a page wider than the screen, and
    // `innerWidth` then grows with it; the layout viewport stays the screen's width.
    const width = document.documentElement.clientWidth;
    const px = (value: number) => Math.round(value);
    const name = (element: Element) => {
      const classes = [...element.classList].map((c) => `.${c}`).join("");
      const label =
        element.getAttribute("aria-label") ??
        element.getAttribute("title") ??
        (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
      return `<${element.tagName.toLowerCase()}${classes}>${label ? ` "${label}"` : ""}`;
    };
    const shown = (element: Element, box: DOMRect) =>
      box.width >= 2 &&
      box.height >= 2 &&
      getComputedStyle(element).visibility !== "hidden" &&
      // Visually hidden text (clipped to nothing) is for screen readers, not on the screen.
      !element.closest(".visually-hidden");
    const scrollsSideways = (element: Element) => {
      const { overflowX } = getComputedStyle(element);
      return overflowX === "auto" || overflowX === "scroll";
    };
    const insideScroller = (element: Element) => {
      for (
        let up = element.parentElement?.closest(scrollers);
        up;
        up = up.parentElement?.closest(scrollers)
      ) {
        if (scrollsSideways(up)) return true;
      }
      return false;
    };
    /**
     * Where an element in an open dialog must lie: the dialog's content box (inside its border, padding and
     * scroll bar), or its padding box for what is positioned absolutely in it (a close button in the
     * corner); nowhere in particular for what is fixed to the screen (the toasts shown over a dialog).
     */
    const placeIn = (element: Element, dialog: Element) => {
      let positioned = false;
      for (let up: Element | null = element; up && up !== dialog; up = up.parentElement) {
        const { position } = getComputedStyle(up);
        if (position === "fixed") return null;
        if (position === "absolute") positioned = true;
      }
      const box = dialog.getBoundingClientRect();
      const style = getComputedStyle(dialog);
      const inset = (side: "Left" | "Right") => (positioned ? 0 : Number.parseFloat(style[`padding${side}`]));
      const left = box.left + Number.parseFloat(style.borderLeftWidth);
      return {
        left: left + inset("Left"),
        right: left + (dialog as HTMLElement).clientWidth - inset("Right"),
      };
    };

    const problems: string[] = [];
    const page = document.scrollingElement ?? document.documentElement;
    if (page.scrollWidth > width) {
      problems.push(`the page scrolls sideways: ${page.scrollWidth} px wide on a ${width} px screen`);
    }

    // Past the screen's edge, and past the content of the dialog they are in: elements and where they lie.
    const outside = new Map<Element, string>();
    const outsideDialog = new Map<Element, string>();
    for (const element of document.body.querySelectorAll("*")) {
      if (insideScroller(element)) continue;
      const box = element.getBoundingClientRect();
      if (!shown(element, box)) continue;
      const spans = `spans ${px(box.left)}–${px(box.right)} px`;
      if (box.left < -1 || box.right > width + 1) outside.set(element, `${spans} on a ${width} px screen`);
      const dialog = element.parentElement?.closest("dialog[open]");
      const content = dialog && placeIn(element, dialog);
      if (content && (box.left < content.left - 1 || box.right > content.right + 1)) {
        outsideDialog.set(
          element,
          `${spans}, outside its dialog's content (${px(content.left)}–${px(content.right)} px)`,
        );
      }
      if (
        scrollsSideways(element) &&
        !element.matches(scrollers) &&
        element.scrollWidth > element.clientWidth + 1
      ) {
        problems.push(
          `${name(element)} scrolls sideways: ${element.scrollWidth} px of content in ${element.clientWidth} px`,
        );
      }
    }
    // One line per outermost element out of place, naming the innermost ones inside it (usually the cause).
    for (const found of [outside, outsideDialog]) {
      for (const [element, where] of found) {
        if (element.parentElement && found.has(element.parentElement)) continue;
        const innermost = [...found.keys()]
          .filter((inner) => inner !== element && element.contains(inner))
          .filter((inner) => ![...inner.children].some((child) => found.has(child)))
          .slice(0, 3)
          .map(name);
        problems.push(
          `${name(element)} ${where}${innermost.length > 0 ? `; innermost: ${innermost.join(", ")}` : ""}`,
        );
      }
    }
    return problems;
  }, SIDEWAYS_SCROLLERS);
}
