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

/**
 * After signing out: unsubscribes the browser only (the session is gone, so the row cannot be
 * deleted here); the push service then answers 410 and the backend removes the row itself. Here,
 * beside the worker, so signing out needs none of the subscribing code.
 */
export async function forgetThisBrowserPush(): Promise<void> {
  await (await currentPushSubscription())?.unsubscribe();
}
