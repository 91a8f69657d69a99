import { type ReactNode, useEffect, useRef, useState } from "react";
import "./scroll-hints.css";

type Props = {
  /** The row that scrolls sideways (its only child element), e.g. a tab list. */
  children: ReactNode;
  /** Class for the wrapper, to place it (margins) where it is used. */
  className?: string;
};

/**
 * Shows that a row scrolls sideways where there is more of it: at each end with more to see, a fade and an
 * arrow. Both are only for the eye and the pointer (a tap scrolls most of a row's width); keyboard and
 * screen-reader users move through the row itself, and a focused item is scrolled into view clear of the
 * arrows (scroll-padding in scroll-hints.css).
 */
export function ScrollHints({ children, className }: Props) {
  const wrapper = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ start: false, end: false });
  const row = () => wrapper.current?.firstElementChild ?? null;

  useEffect(() => {
    const scroller = wrapper.current?.firstElementChild;
    if (!scroller) return;
    const measure = () => {
      const start = scroller.scrollLeft > 1;
      const end = scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1;
      setMore((now) => (now.start === start && now.end === end ? now : { start, end }));
    };
    measure();
    scroller.addEventListener("scroll", measure, { passive: true });
    // The row's width (a rotated phone) and its items' (a badge appears on a tab) change what is hidden.
    const resized = new ResizeObserver(measure);
    resized.observe(scroller);
    for (const item of scroller.children) resized.observe(item);
    return () => {
      scroller.removeEventListener("scroll", measure);
      resized.disconnect();
    };
  }, []);

  const scroll = (direction: 1 | -1) => {
    const scroller = row();
    scroller?.scrollBy({ left: direction * scroller.clientWidth * 0.7, behavior: "smooth" });
  };

  return (
    <div
      ref={wrapper}
      className={`scroll-hints ${className ?? ""}`}
      data-more-start={more.start}
      data-more-end={more.end}
    >
      {children}
      <button
        type="button"
        className="scroll-hints__arrow scroll-hints__arrow--start"
        tabIndex={-1}
        aria-hidden="true"
        hidden={!more.start}
        onClick={() => scroll(-1)}
      />
      <button
        type="button"
        className="scroll-hints__arrow scroll-hints__arrow--end"
        tabIndex={-1}
        aria-hidden="true"
        hidden={!more.end}
        onClick={() => scroll(1)}
      />
    </div>
  );
}
