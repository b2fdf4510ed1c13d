import type { Page } from "@playwright/test";
import { createAccount, signInWithPassword } from "./support/accounts";
import { signedInClient } from "./support/node-client";
import { expect, message, test } from "./support/test";

/**
 * Chromium's real `pushManager.subscribe` asks Google's push service (FCM) for an endpoint, which
 * the offline test machine cannot reach. So the page's PushManager is replaced by a stand-in that
 * records what the app asked for and hands out a subscription at an FCM endpoint of the shape
 * Chromium gets (kept in localStorage across reloads, like a browser's): the backend accepts only
 * endpoints of known push services. Nothing is pushed to it here. The Service Worker, the permission, the backend's
 * VAPID key and the stored row are all real. The delivery path from the backend to a push service
 * is tested in stack/test/parley/web-push.test.ts.
 */
async function standInPushManager(page: Page) {
  await page.addInitScript(() => {
    type Kept = { endpoint: string; key: number[]; userVisibleOnly: boolean; p256dh: string; auth: string };
    const base64Url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const kept = (): Kept | null => JSON.parse(localStorage.getItem("stand-in-push") ?? "null") as Kept | null;
    const asSubscription = (state: Kept) => ({
      endpoint: state.endpoint,
      options: { userVisibleOnly: state.userVisibleOnly, applicationServerKey: Uint8Array.from(state.key).buffer },
      toJSON: () => ({
        endpoint: state.endpoint,
        expirationTime: null,
        keys: { p256dh: state.p256dh, auth: state.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem("stand-in-push");
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function () {
      const state = kept();
      return (state ? asSubscription(state) : null) as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const point = crypto.getRandomValues(new Uint8Array(65));
      point[0] = 4;
      const state: Kept = {
        endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
        key: [...new Uint8Array(options?.applicationServerKey as Uint8Array)],
        userVisibleOnly: options?.userVisibleOnly === true,
        p256dh: base64Url(point),
        auth: base64Url(crypto.getRandomValues(new Uint8Array(16))),
      };
      localStorage.setItem("stand-in-push", JSON.stringify(state));
      return asSubscription(state) as unknown as PushSubscription;
    };
  });
}

test.describe("notifications while Parley is closed (Web Push)", () => {
  test.slow();

  test("the toggle registers the Service Worker and subscribes with the backend's key; turning it off forgets the browser", async ({
    page,
    stack,
  }) => {
    const locale = "de";
    const t = (id: string) => message(locale, id);
    const account = await createAccount(stack, "pusher");
    const client = await signedInClient(stack, account);
    const { data: key } = await client.functions.invoke<{ public_key: string }>("web-push-key", { body: {} });
    const stored = async () => (await client.from("push_subscriptions").select("endpoint")).data ?? [];

    await page.context().grantPermissions(["notifications"]);
    await standInPushManager(page);
    await signInWithPassword(page, account, locale);
    await page.goto(`/${locale}/account/notifications`);
    const toggle = page.getByRole("checkbox", { name: t("webPush.toggle") });
    await expect(toggle).not.toBeChecked();
    expect(await stored()).toEqual([]);

    await toggle.click();
    // Checked at once; enabled again once subscribing has finished.
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();
    const worker = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL ?? "",
    );
    expect(worker).toMatch(/\/push-service-worker\.js$/);
    const subscribed = await page.evaluate(
      () =>
        JSON.parse(localStorage.getItem("stand-in-push") ?? "null") as {
          endpoint: string;
          key: number[];
          userVisibleOnly: boolean;
        },
    );
    expect(subscribed.userVisibleOnly).toBe(true);
    expect(Buffer.from(subscribed.key).toString("base64url")).toBe(key?.public_key);
    expect(await stored()).toEqual([{ endpoint: subscribed.endpoint }]);

    await page.reload();
    await expect(toggle).toBeChecked();
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    expect(await stored()).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("stand-in-push"))).toBeNull();
  });
});
