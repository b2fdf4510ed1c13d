import { useEffect } from "react";

/**
 * Keeps `--visual-viewport-height` on <html> equal to the visual viewport's height. On a phone the
 * on-screen keyboard shrinks the visual viewport but not the layout one, so a full-height frame
 * sized by this variable keeps its bottom (the composer) above the keyboard.
 */
export function useVisualViewportHeight() {
  useEffect(() => {
    const viewport = window.visualViewport;
    if (!viewport) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty("--visual-viewport-height", `${viewport.height}px`);
    update();
    viewport.addEventListener("resize", update);
    return () => {
      viewport.removeEventListener("resize", update);
      root.style.removeProperty("--visual-viewport-height");
    };
  }, []);
}
