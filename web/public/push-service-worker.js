// Parley's Service Worker for Web Push (registered at the app's root by lib/web-push when a person
// turns on "Notify me even when Parley is closed"). The backend's `web-push-send` function sends
// {title, body, url, tag, lang}; the tag `activity:<id>` is the one the app's in-tab notifications
// use, so one activity never shows twice.
//
// - push: shows the notification, unless a Parley window is visible (the open app tells the
//   person itself).
// - notificationclick: focuses a Parley tab and opens the message there, or opens a new tab.
//   Only paths of this site are ever opened, whatever the message says.

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

/** The message's payload, or null when it is not the JSON object Parley sends. */
function readPayload(data) {
  let payload;
  try {
    payload = data ? data.json() : null;
  } catch {
    return null;
  }
  if (!payload || typeof payload !== "object") return null;
  const text = (value) => (typeof value === "string" ? value : "");
  if (!text(payload.title)) return null;
  return {
    title: text(payload.title),
    body: text(payload.body),
    url: text(payload.url),
    tag: text(payload.tag),
    lang: text(payload.lang),
  };
}

/** The path and query of a message link, on this site (a link elsewhere opens the app's start). */
function sameSiteUrl(link) {
  try {
    const url = new URL(link, self.location.origin);
    return new URL(url.pathname + url.search, self.location.origin).href;
  } catch {
    return new URL("/", self.location.origin).href;
  }
}

async function windows() {
  return self.clients.matchAll({ type: "window", includeUncontrolled: true });
}

async function showUnlessVisible(payload) {
  if ((await windows()).some((client) => client.visibilityState === "visible")) return;
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    tag: payload.tag || undefined,
    lang: payload.lang || undefined,
    data: { url: sameSiteUrl(payload.url) },
  });
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  if (payload) event.waitUntil(showUnlessVisible(payload));
});

async function openMessage(url) {
  const open = await windows();
  const tab = open.find((client) => new URL(client.url).origin === self.location.origin);
  if (!tab) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await tab.focus();
  try {
    await focused.navigate(url);
  } catch {
    // A tab this worker does not control cannot be navigated from here: open the message anew.
    await self.clients.openWindow(url);
  }
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameSiteUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(openMessage(url));
});
