import type { Context } from "hono";
import type { EmulatedIssuer } from "./oidc-instance.ts";
import type { TestAccount, TestAccounts } from "./test-accounts.ts";

/** The account behind a bearer access token the emulator issued, or undefined. */
export async function accountForAccessToken(c: Context, issuer: EmulatedIssuer, accounts: TestAccounts): Promise<TestAccount | undefined> {
  const header = c.req.header("authorization") ?? "";
  const match = /^(?:bearer|token)\s+(.+)$/i.exec(header);
  if (!match?.[1]) return undefined;
  const token = await issuer.provider.AccessToken.find(match[1]);
  return token?.accountId ? accounts.find(token.accountId) : undefined;
}

/** GitHub's `GET /user` shape (the fields GoTrue reads: id, login, name, avatar_url, email). */
export function githubUser(account: TestAccount) {
  return {
    id: account.numericId,
    login: account.email.split("@")[0],
    name: account.name || null,
    avatar_url: account.avatarUrl,
    email: account.emailVerified ? account.email : null,
    type: "User",
  };
}

/** GitHub's `GET /user/emails` shape. */
export function githubEmails(account: TestAccount) {
  return [{ email: account.email, primary: true, verified: account.emailVerified, visibility: "private" }];
}

export const githubUnauthorized = { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" };
