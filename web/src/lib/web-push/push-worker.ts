// The browser side of Web Push: Parley's Service Worker (public/push-service-worker.js, served at
// the app's root) and this browser's push subscription.

const SCOPE = import.meta.env.BASE_URL;
const WORKER_URL = `${SCOPE}push-service-worker.js`;

/** Whether this browser can receive notifications while Parley is closed. */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** Registers (or updates) the Service Worker and resolves once it is active. */
export async function registerPushWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER_URL, { scope: SCOPE });
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription, if the worker is registered and subscribed. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration(SCOPE);
  return (await registration?.pushManager.getSubscription()) ?? null;
}
