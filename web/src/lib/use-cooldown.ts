import { useCallback, useEffect, useState } from "react";

/**
 * A countdown in whole seconds for actions the server rate-limits (resend an email): `start(60)`
 * disables the action for a minute and `remaining` says how long is left.
 *
 * @example const cooldown = useCooldown(); … <button disabled={cooldown.remaining > 0}>
 */
export function useCooldown(): { remaining: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(1000, until - now));
    return () => clearTimeout(timer);
  }, [until, now]);

  const start = useCallback((seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  }, []);

  return { remaining: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
