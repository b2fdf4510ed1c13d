import { useEffect, useState } from "react";

/** How long without keyboard, pointer or touch input before someone shows as away. */
export const idleAfterMs = 5 * 60_000;

const activityEvents = ["pointerdown", "pointermove", "keydown", "wheel", "touchstart"] as const;

/** Whether the person has not used this page for `after` milliseconds; any input makes them active again. */
export function useIdle(after = idleAfterMs): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    let timer = setTimeout(() => setIdle(true), after);
    const active = () => {
      setIdle(false);
      clearTimeout(timer);
      timer = setTimeout(() => setIdle(true), after);
    };
    for (const event of activityEvents) window.addEventListener(event, active, { passive: true });
    return () => {
      clearTimeout(timer);
      for (const event of activityEvents) window.removeEventListener(event, active);
    };
  }, [after]);
  return idle;
}
