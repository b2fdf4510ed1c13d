import { useCallback, useEffect, useState } from "react";

/** Whether this browser may show Parley's notifications: not asked yet, allowed, blocked, or no Notifications API. */
export type NotificationPermissionState = "default" | "granted" | "denied" | "unsupported";

/** The browser's current answer, read fresh each time (it can change in the site settings at any moment). */
export function readNotificationPermission(): NotificationPermissionState {
  return typeof window !== "undefined" && "Notification" in window ? Notification.permission : "unsupported";
}

/**
 * The notification permission, kept current (the Permissions API reports changes made in the
 * browser's site settings; coming back to the tab reads it again), and `request`, which asks the
 * browser — call it only from something the person clicked.
 *
 * @example const { permission, request } = useNotificationPermission();
 */
export function useNotificationPermission() {
  const [permission, setPermission] = useState(readNotificationPermission);

  useEffect(() => {
    const refresh = () => setPermission(readNotificationPermission());
    let status: PermissionStatus | undefined;
    let gone = false;
    navigator.permissions
      ?.query({ name: "notifications" })
      .then((answer) => {
        if (gone) return;
        status = answer;
        status.addEventListener("change", refresh);
      })
      .catch(() => undefined); // Browsers without a "notifications" permission name: focus still re-reads.
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      gone = true;
      status?.removeEventListener("change", refresh);
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);

  const request = useCallback(async () => {
    if (!("Notification" in window)) return;
    setPermission(await Notification.requestPermission());
  }, []);

  return { permission, request };
}
