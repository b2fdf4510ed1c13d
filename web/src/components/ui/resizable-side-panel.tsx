import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from "react";
import "./resizable-side-panel.css";

type ResizableSidePanelProps = {
  /** The separator's accessible name, e.g. "Resize the thread". */
  label: string;
  /** Where the chosen width is kept between visits (localStorage). */
  storageKey: string;
  children: ReactNode;
};

const limits = { min: 280, max: 720, initial: 384, step: 16 };

const clamp = (width: number) => Math.round(Math.min(limits.max, Math.max(limits.min, width)));

function storedWidth(key: string): number {
  const value = Number(window.localStorage.getItem(key));
  return Number.isFinite(value) && value > 0 ? clamp(value) : limits.initial;
}

/**
 * A side panel at the inline end of its container with a handle on its inline-start edge: drag it,
 * or focus it and use the arrow keys (Home / End for the narrowest / widest). The handle is an ARIA
 * window splitter (`role="separator"` with a value). Arrows follow the text direction: in Arabic,
 * where the panel sits on the left, → widens it.
 */
export function ResizableSidePanel({ label, storageKey, children }: ResizableSidePanelProps) {
  const [width, setWidth] = useState(() => storedWidth(storageKey));
  const drag = useRef<{ x: number; width: number } | null>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => window.localStorage.setItem(storageKey, String(width)), [storageKey, width]);

  const rtl = () => (panel.current ? getComputedStyle(panel.current).direction === "rtl" : false);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const grow = rtl() ? "ArrowRight" : "ArrowLeft";
    const shrink = rtl() ? "ArrowLeft" : "ArrowRight";
    const next =
      event.key === grow
        ? width + limits.step
        : event.key === shrink
          ? width - limits.step
          : event.key === "Home"
            ? limits.min
            : event.key === "End"
              ? limits.max
              : null;
    if (next === null) return;
    event.preventDefault();
    setWidth(clamp(next));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    drag.current = { x: event.clientX, width };
    event.currentTarget.setPointerCapture(event.pointerId);
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (!drag.current) return;
    const moved = event.clientX - drag.current.x;
    setWidth(clamp(drag.current.width + (rtl() ? moved : -moved)));
  }

  return (
    <div ref={panel} className="side-panel" style={{ "--side-panel-width": `${width}px` } as CSSProperties}>
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={label}
        aria-valuenow={width}
        aria-valuemin={limits.min}
        aria-valuemax={limits.max}
        tabIndex={0}
        className="side-panel__handle"
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
      />
      {children}
    </div>
  );
}
