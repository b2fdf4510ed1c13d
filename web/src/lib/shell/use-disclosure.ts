import { useEffect, useState, type KeyboardEvent, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * A disclosure's open state for a button that shows a panel: it closes on Esc (focus back on the
 * button), on a pointer press outside, and when the page changes (it remembers the path it was
 * opened on).
 *
 * @example const menu = useDisclosure(rootRef, buttonRef); <div ref={rootRef} onKeyDown={menu.onKeyDown}>…
 */
export function useDisclosure(root: RefObject<HTMLElement | null>, toggle: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpenOn(null);
    };
    document.addEventListener("pointerdown", closeOutside);
    return () => document.removeEventListener("pointerdown", closeOutside);
  }, [open, root]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== "Escape" || !open) return;
    event.preventDefault();
    setOpenOn(null);
    toggle.current?.focus();
  }

  return { open, onKeyDown, flip: () => setOpenOn(open ? null : pathname) };
}
