import "./lib/zod-config";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
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

// Rendering only then keeps a public page's prerendered heading and text on screen, instead of
// swapping it for an empty frame while the page's chunk downloads.
const root = document.getElementById("root");
if (root) {
  void firstScreenReady().then(() =>
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
}
