import { useCallback, useEffect, useRef, useState } from "react";

/** How long a confirmation stays on screen. Screen readers have read it by then; it is only for the eyes. */
const shownFor = 4000;

/** What a shortcut just did ("Marked #general as read"), cleared after a while; the same text twice is said twice. */
export function useAnnouncement(): [{ text: string; serial: number } | null, (text: string) => void] {
  const [current, setCurrent] = useState<{ text: string; serial: number } | null>(null);
  const serial = useRef(0);
  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), shownFor);
    return () => clearTimeout(timer);
  }, [current]);
  const announce = useCallback((text: string) => setCurrent({ text, serial: ++serial.current }), []);
  return [current, announce];
}

/** A polite live region at the bottom edge, always present so that screen readers hear what is put in it. */
export function ShortcutAnnouncement({ text }: { text: { text: string; serial: number } | null }) {
  return (
    <div className="shortcut-announcement" role="status" data-shown={text !== null || undefined}>
      {text && <p key={text.serial}>{text.text}</p>}
    </div>
  );
}
