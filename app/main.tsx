import "./lib/zod-config";
import { type ReactNode, StrictMode, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { RouterProvider } from "react-router/dom";
import { router } from "./router";
import "./styles/global.css";

/** Resolves once the first screen's code has loaded (its route is lazy). */
const firstScreenReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/** Takes the root's `prerendered` mark off once React has adopted the HTML. */
function Adopted({ root, children }: { root: HTMLElement; children: ReactNode }) {
  useEffect(() => root.classList.remove("prerendered"), [root]);
  return children;
}

// A public page arrives rendered and styled (scripts/seo), and is painted before this script loads: React
// hydrates that HTML, so its heading and text stay the very nodes that were painted. Any other path has an
// empty root, rendered into.
const root = document.getElementById("root");
if (root) {
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  // The landing page opened at /#demo shows the demo, not the Home it was prerendered with: rendering it
  // afresh costs the phone less than hydrating Home only to replace it at once (app/routes/landing.tsx).
  const demo = window.location.pathname === "/" && window.location.hash === "#demo";
  void firstScreenReady().then(() => {
    if (root.classList.contains("prerendered") && !demo) {
      hydrateRoot(root, <Adopted root={root}>{app}</Adopted>);
    } else {
      // Marked, so the landing page knows it is not hydrating (the mark `prerendered` goes once React has rendered).
      if (demo) root.dataset.render = "afresh";
      createRoot(root).render(<Adopted root={root}>{app}</Adopted>);
    }
  });
}
