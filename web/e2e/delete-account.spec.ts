import type { Page } from "@playwright/test";
import {
  createAccount,
  expectSignedIn,
  expectSignedOut,
  signInWithPassword,
  submitPassword,
  type Account,
} from "./support/accounts";
import type { StackStatus } from "./support/environment";
import { containing, expect, message, test } from "./support/test";

/**
 * A workspace `owner` owns alone, with `member` in it too (so deleting the owner must wait), made
 * through the REST API as the owner (the runner's Node has no WebSocket for supabase-js's realtime).
 * The member is added with the secret key, as the accept-invite function does: no client may add
 * someone else to a workspace.
 */
async function createSharedWorkspace(stack: StackStatus, owner: Account, member: Account, name: string) {
  const token = await fetch(`${stack.API_URL}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: { apikey: stack.PUBLISHABLE_KEY, "content-type": "application/json" },
    body: JSON.stringify({ email: owner.email, password: owner.password }),
  });
  if (!token.ok) throw new Error(`signing in the owner answered ${token.status}`);
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const headers = {
    apikey: stack.PUBLISHABLE_KEY,
    authorization: `Bearer ${accessToken}`,
    "content-type": "application/json",
  };
  const created = await fetch(`${stack.API_URL}/rest/v1/rpc/create_workspace`, {
    method: "POST",
    headers,
    body: JSON.stringify({ name, slug: `ws-${Date.now().toString(36)}` }),
  });
  if (!created.ok) throw new Error(`create_workspace answered ${created.status}: ${await created.text()}`);
  const workspace = (await created.json()) as { id: string };
  const added = await fetch(`${stack.API_URL}/rest/v1/workspace_members`, {
    method: "POST",
    headers: { apikey: stack.SECRET_KEY ?? "", "content-type": "application/json" },
    body: JSON.stringify({ workspace_id: workspace.id, user_id: member.id, role: "member" }),
  });
  if (!added.ok) throw new Error(`adding the member answered ${added.status}: ${await added.text()}`);
}

async function openDeleteDialog(page: Page) {
  await page.getByRole("button", { name: message("en", "account.delete.action") }).click();
  const dialog = page.getByRole("dialog", { name: message("en", "account.delete.confirmTitle") });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("deleting the account", () => {
  test("refuses a wrong password beside the field, then deletes with the right one: signed out, on the deleted screen, unable to sign in", async ({
    page,
    stack,
  }) => {
    const account = await createAccount(stack, "delete-me");
    await signInWithPassword(page, account, "en", "/account/security");
    await expect(page.getByRole("heading", { name: message("en", "account.delete.title") })).toBeVisible();

    const dialog = await openDeleteDialog(page);
    const password = dialog.getByLabel(message("en", "auth.field.password"));
    await password.fill("not my password at all");
    await dialog.getByRole("button", { name: message("en", "account.delete.confirm") }).click();
    await expect(password).toHaveAccessibleDescription(containing(message("en", "account.delete.error.wrongPassword")));
    await expect(password).toBeFocused();

    await password.fill(account.password);
    await password.press("Enter");
    await expect(page).toHaveURL(/\/en\/account-deleted$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(message("en", "account.deleted.title"));
    await expectSignedOut(page);

    const lookup = await fetch(`${stack.API_URL}/auth/v1/admin/users/${account.id}`, {
      headers: { apikey: stack.SECRET_KEY ?? "" },
    });
    expect(lookup.status).toBe(404);

    await submitPassword(page, account);
    await expect(page.getByLabel(message("en", "auth.field.password"))).toHaveAccessibleDescription(
      containing(message("en", "auth.error.invalidCredentials")),
    );
    await expectSignedOut(page);
  });

  test("names the workspaces that still need another owner, and deletes nothing", async ({ page, stack }) => {
    const owner = await createAccount(stack, "sole-owner");
    const member = await createAccount(stack, "member");
    const workspaceName = `Harbour ${Date.now().toString(36)}`;
    await createSharedWorkspace(stack, owner, member, workspaceName);
    await signInWithPassword(page, owner, "en", "/account/security");

    const dialog = await openDeleteDialog(page);
    await dialog.getByLabel(message("en", "auth.field.password")).fill(owner.password);
    await dialog.getByRole("button", { name: message("en", "account.delete.confirm") }).click();
    const alert = dialog.getByRole("alert");
    await expect(alert).toContainText(
      message("en", "account.delete.error.soleOwner").replace("{workspaces}", workspaceName),
    );
    await expect(alert).toBeFocused();

    await dialog.getByRole("button", { name: message("en", "account.cancel") }).click();
    await expect(page).toHaveURL(/\/en\/account\/security$/);
    await expectSignedIn(page);
  });
});
