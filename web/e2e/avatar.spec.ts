import { createAccount, signInWithPassword } from "./support/accounts";
import { expectNoSeriousViolations } from "./support/axe";
import { ensureAvatarsBucket } from "./support/database";
import { expect, message, test } from "./support/test";

// A 1×1 PNG followed by padding, so the upload lasts long enough to watch its progress.
const onePixelPng = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const picture = Buffer.concat([onePixelPng, Buffer.alloc(1024 * 1024)]);

test.describe("profile picture", () => {
  test("uploads to the avatars bucket with a progress bar, then shows it, also after a reload", async ({
    page,
    stack,
  }, testInfo) => {
    await ensureAvatarsBucket(stack.DB_URL ?? "");
    const account = await createAccount(stack, "avatar");
    await signInWithPassword(page, account, "en", "/account/profile");
    await expect(page).toHaveURL(/\/en\/account\/profile$/);

    // Slow the upload down (≈ 1 MB at 512 KB/s) so the progress bar can be seen moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 512 * 1024,
    });

    await page
      .getByLabel(message("en", "account.avatar.label"))
      .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: picture });
    const progress = page.getByRole("progressbar");
    await expect(progress).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute("value")), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect(page.getByText(message("en", "account.avatar.saved"))).toBeVisible({ timeout: 20_000 });
    await expect(progress).toHaveCount(0);
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

    const image = page.getByRole("img", { name: message("en", "account.avatar.alt") });
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
      .toBe(1);
    await expectNoSeriousViolations(page);
    await page.screenshot({ path: testInfo.outputPath("account-profile-avatar-en.png"), fullPage: true });

    await page.reload();
    await expect(page.getByRole("img", { name: message("en", "account.avatar.alt") })).toBeVisible();

    // Stored under the person's own folder, as the bucket's policy requires.
    const listed = await fetch(`${stack.API_URL}/storage/v1/object/list/avatars`, {
      method: "POST",
      headers: {
        apikey: stack.SECRET_KEY ?? "",
        authorization: `Bearer ${stack.SERVICE_ROLE_KEY ?? ""}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ prefix: account.id }),
    });
    const objects = (await listed.json()) as Array<{ name: string; metadata: { size: number } }>;
    expect(objects.map((object) => object.metadata.size)).toEqual([picture.length]);

    // The profile names the picture too, where teammates' screens (the @ suggestions) read it.
    const profile = await fetch(`${stack.API_URL}/rest/v1/profiles?id=eq.${account.id}&select=avatar_path`, {
      headers: { apikey: stack.SECRET_KEY ?? "", authorization: `Bearer ${stack.SERVICE_ROLE_KEY ?? ""}` },
    });
    expect(await profile.json()).toEqual([{ avatar_path: `${account.id}/${objects[0]?.name ?? ""}` }]);
  });

  test("a file that is not a picture is refused before uploading", async ({ page, stack }) => {
    const account = await createAccount(stack, "avatar-type");
    await signInWithPassword(page, account, "en", "/account/profile");
    await page
      .getByLabel(message("en", "account.avatar.label"))
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(page.getByRole("alert")).toHaveText(message("en", "account.avatar.wrongType"));
  });
});
