import type { Context } from "hono";
import type { TestAccount, TestAccounts } from "./test-accounts.ts";
import { newAccountSchema } from "./test-accounts.ts";

export type LoginForm = { ok: true; account: TestAccount } | { ok: false; error: string };

/**
 * The sign-in form: `account_id` picks an account; otherwise `email`, `name`, `avatar_url`, `email_verified` create
 * one.
 */
export async function readLoginForm(c: Context, accounts: TestAccounts): Promise<LoginForm> {
  const form = await c.req.parseBody();
  const field = (key: string) => (typeof form[key] === "string" ? form[key] : "");
  const accountId = field("account_id");
  if (accountId) {
    const account = accounts.find(accountId);
    return account ? { ok: true, account } : { ok: false, error: "That test account no longer exists." };
  }
  const parsed = newAccountSchema.safeParse({
    email: field("email"),
    name: field("name"),
    avatar_url: field("avatar_url"),
    email_verified: field("email_verified") === "true" || field("email_verified") === "on",
  });
  if (!parsed.success)
    return { ok: false, error: "Enter a valid email address (and a full URL for the avatar, or nothing)." };
  return { ok: true, account: await accounts.upsert(parsed.data) };
}
