import type { BrowserContext, Page } from "@playwright/test";

/** A `Notification` the page constructed, as the init script recorded it. */
export type RecordedNotification = { title: string; body: string; tag: string; lang: string };

declare global {
  interface Window {
    __recordedNotifications?: (RecordedNotification & { onclick: (() => void) | null })[];
    __permissionRequests?: number;
    __setTabHidden?: (hidden: boolean) => void;
  }
}

/**
 * Before any page script: `Notification` becomes a recorder (each construction is kept, with its
 * `onclick`, and nothing reaches the desktop), with `permission` as given — or as the browser says —
 * and `requestPermission` counted; `document.visibilityState` follows `__setTabHidden`, which also
 * fires `visibilitychange`, as switching tabs does.
 */
export async function recordNotifications(
  context: BrowserContext,
  options: { permission?: NotificationPermission; answer?: NotificationPermission; supported?: boolean } = {},
) {
  await context.addInitScript((settings) => {
    const native = window.Notification;
    let permission = settings.permission ?? native?.permission ?? "default";
    window.__recordedNotifications = [];
    window.__permissionRequests = 0;
    class RecordingNotification {
      static get permission() {
        return permission;
      }
      static async requestPermission() {
        window.__permissionRequests = (window.__permissionRequests ?? 0) + 1;
        permission = settings.answer ?? (await native.requestPermission());
        return permission;
      }
      onclick: (() => void) | null = null;
      constructor(title: string, init: NotificationOptions = {}) {
        window.__recordedNotifications?.push(
          Object.assign(this, { title, body: init.body ?? "", tag: init.tag ?? "", lang: init.lang ?? "" }),
        );
      }
      close() {}
    }
    if (settings.supported === false) Reflect.deleteProperty(window, "Notification");
    else Object.defineProperty(window, "Notification", { value: RecordingNotification, configurable: true });

    let hidden = false;
    Object.defineProperty(document, "visibilityState", { get: () => (hidden ? "hidden" : "visible") });
    Object.defineProperty(document, "hidden", { get: () => hidden });
    window.__setTabHidden = (value) => {
      hidden = value;
      document.dispatchEvent(new Event("visibilitychange"));
    };
  }, options);
}

/** What the page's notifications said so far (title, body, tag, language). */
export function recordedNotifications(page: Page): Promise<RecordedNotification[]> {
  return page.evaluate(() =>
    (window.__recordedNotifications ?? []).map(({ title, body, tag, lang }) => ({ title, body, tag, lang })),
  );
}

/** Clicks a recorded notification, as the person would on the desktop (its `onclick` runs). */
export function clickNotification(page: Page, index: number): Promise<void> {
  return page.evaluate((i) => window.__recordedNotifications?.[i]?.onclick?.(), index);
}

/** Hides or shows the tab (see recordNotifications). */
export function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  return page.evaluate((value) => window.__setTabHidden?.(value), hidden);
}

/**
 * Resolves once the page's realtime socket reports `topic` listening for database changes (the
 * `system` message "Subscribed to PostgreSQL" after the join). Call before the page opens its socket.
 */
export function joinedTopic(page: Page, topic: string): Promise<void> {
  return new Promise((resolve) => {
    page.on("websocket", (socket) => {
      socket.on("framereceived", ({ payload }) => {
        const text = typeof payload === "string" ? payload : payload.toString();
        if (text.includes(`"realtime:${topic}"`) && text.includes("Subscribed to PostgreSQL")) resolve();
      });
    });
  });
}
