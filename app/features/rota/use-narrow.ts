import { useEffect, useState } from "react";

/** The phone's width, where the rota's grid becomes a day-by-day list (the dashboard's 640px step). */
const NARROW = "(max-width: 640px)";

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const change = () => setNarrow(query.matches);
    query.addEventListener("change", change);
    change();
    return () => query.removeEventListener("change", change);
  }, []);
  return narrow;
}
