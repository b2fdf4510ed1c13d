import { randomUUID } from "node:crypto";
import { recordAudit } from "../audit/audit-log.ts";
import type { AuthCore } from "../core.ts";
import { AuthError, ErrorCode, internal, signupDisabled, unprocessable } from "../errors.ts";
import { sendEmailToken } from "../otp/send-email-token.ts";
import { confirmEmail } from "../users/confirm.ts";
import { syncProviders } from "../users/identities.ts";
import { mergeMetadata } from "../users/metadata.ts";
import { findUserById, insertUser, listIdentities, updateUser, type Sql } from "../users/user-queries.ts";
import { isBanned, type IdentityRow, type UserRow } from "../users/user-row.ts";
import { findIdentity, insertIdentity, refreshIdentity } from "./identity-store.ts";
import { identityData, type ProviderUserData } from "./user-data.ts";

export interface ExternalSignIn {
  provider: string;
  data: ProviderUserData;
  emailOptional: boolean;
  /** Where a confirmation mail's link leads (the flow's redirect). */
  redirectTo: string;
  ip: string | null;
}

/** The user to sign in, and an error to answer after the transaction commits (unverified email). */
export interface ExternalAccount {
  user: UserRow;
  deferredError?: AuthError;
}

type Decision =
  | { kind: "exists"; user: UserRow; identity: IdentityRow }
  | { kind: "link"; user: UserRow }
  | { kind: "create"; email: string }
  | { kind: "multiple" };

/** GoTrue's DetermineAccountLinking for the default linking domain (auth: internal/models/linking.go). */
async function decide(core: AuthCore, sql: Sql, sign: ExternalSignIn): Promise<Decision> {
  const autoconfirm = core.settings().mailerAutoconfirm;
  const verified = sign.data.emails.filter((e) => e.verified || autoconfirm).map((e) => e.email.toLowerCase());
  const primary = sign.data.emails.find((e) => e.primary)?.email.toLowerCase() ?? "";
  const existing = await findIdentity(sql, sign.data.claims.sub, sign.provider);
  if (existing) {
    const user = await findUserById(sql, existing.user_id, true);
    if (!user) throw internal("Database error finding user");
    return { kind: "exists", user, identity: existing };
  }
  if (verified.length === 0) {
    const { rows } = await sql.query(
      "select 1 from auth.users where lower(email) = $1 and is_sso_user = false limit 1",
      [primary],
    );
    return { kind: "create", email: primary !== "" && rows.length > 0 ? "" : primary };
  }
  const identities = await sql.query<IdentityRow>(
    "select * from auth.identities where email = any($1) and provider not like 'sso:%'",
    [verified],
  );
  if (identities.rows.length === 0) {
    const users = await sql.query<UserRow>(
      "select * from auth.users where lower(email) = any($1) and is_sso_user = false for update",
      [verified],
    );
    if (users.rows.length > 1) return { kind: "multiple" };
    const user = users.rows[0];
    return user ? { kind: "link", user } : { kind: "create", email: primary };
  }
  const owners = new Set(identities.rows.map((identity) => identity.user_id));
  if (owners.size > 1) return { kind: "multiple" };
  const user = await findUserById(sql, [...owners][0] as string, true);
  if (!user) throw internal("Database error finding user");
  return { kind: "link", user };
}

/**
 * Signs a provider identity in as GoTrue's createAccountFromExternalIdentity (auth: external.go):
 * the identity's user, else the one user with the same verified email (automatic linking), else a
 * new user. An unconfirmed user loses its other identities and password (takeover protection), then
 * is confirmed when the provider verified the email (or autoconfirm), else gets a confirmation mail
 * and `provider_email_needs_verification`.
 */
export async function resolveExternalUser(core: AuthCore, sql: Sql, sign: ExternalSignIn): Promise<ExternalAccount> {
  const data = identityData(sign.data);
  const decision = await decide(core, sql, sign);
  let user: UserRow;
  let identity: IdentityRow;
  let candidateEmail = sign.data.emails.find((e) => e.primary) ?? { email: "", verified: false };
  switch (decision.kind) {
    case "multiple":
      throw internal("Multiple accounts with the same email address in the same linking domain detected: default");
    case "exists":
      identity = decision.identity;
      await refreshIdentity(sql, identity.id, data);
      user = await updateUser(sql, decision.user.id, {
        raw_user_meta_data: mergeMetadata(decision.user.raw_user_meta_data, data),
      });
      user = await syncProviders(sql, user);
      candidateEmail = { ...candidateEmail, email: user.email ?? "" };
      break;
    case "link":
      identity = await insertIdentity(sql, decision.user.id, sign.provider, data);
      user = await updateUser(sql, decision.user.id, {
        raw_user_meta_data: mergeMetadata(decision.user.raw_user_meta_data, data),
      });
      user = await syncProviders(sql, user);
      await recordAudit(sql, {
        actor: user,
        action: "identity_linked",
        logType: "user",
        ip: sign.ip,
        traits: { identity_id: identity.id, provider: sign.provider, provider_id: identity.provider_id },
      });
      break;
    case "create": {
      if (!core.settings().enable_signup) throw signupDisabled();
      candidateEmail = { ...candidateEmail, email: decision.email };
      const id = randomUUID();
      await insertUser(sql, {
        id,
        email: decision.email === "" ? null : decision.email,
        phone: null,
        encrypted_password: "",
        raw_app_meta_data: { provider: sign.provider, providers: [sign.provider] },
        raw_user_meta_data: data,
      }).catch((error: unknown) => {
        throw new AuthError(500, ErrorCode.unexpected_failure, "Database error saving new user", undefined, error);
      });
      identity = await insertIdentity(sql, id, sign.provider, data);
      user = (await findUserById(sql, id)) as UserRow;
      break;
    }
  }
  if (isBanned(user)) throw new AuthError(403, ErrorCode.user_banned, "User is banned");
  const hasEmails = !(sign.emailOptional && candidateEmail.email === "");
  if (!hasEmails || user.email_confirmed_at !== null) return { user };
  user = await removeUnconfirmedIdentities(sql, user, identity);
  if (candidateEmail.verified || core.settings().mailerAutoconfirm) {
    await recordAudit(sql, {
      actor: user,
      action: "user_signedup",
      logType: "team",
      ip: sign.ip,
      traits: { provider: sign.provider },
    });
    return { user: await confirmEmail(sql, user) };
  }
  const label = sign.provider;
  if (user.email) {
    user = await sendEmailToken(core, sql, user, {
      kind: "confirmation",
      slot: "confirmation",
      to: user.email,
      redirectTo: sign.redirectTo,
      pkce: false,
    });
    return {
      user,
      deferredError: unprocessable(
        ErrorCode.provider_email_needs_verification,
        `Unverified email with ${label}. A confirmation email has been sent to your ${label} email`,
      ),
    };
  }
  return {
    user,
    deferredError: unprocessable(
      ErrorCode.provider_email_needs_verification,
      `Unverified email with ${label}. Verify the email with ${label} in order to sign in`,
    ),
  };
}

/** GoTrue's RemoveUnconfirmedIdentities: only the identity signing in stays; its data becomes user_metadata. */
export async function removeUnconfirmedIdentities(sql: Sql, user: UserRow, keep: IdentityRow): Promise<UserRow> {
  const changes = keep.provider !== "email" && keep.provider !== "phone" ? { encrypted_password: "" } : {};
  const identities = await listIdentities(sql, user.id);
  const current = identities.find((identity) => identity.id === keep.id) ?? keep;
  await sql.query("delete from auth.identities where user_id = $1 and id <> $2", [user.id, keep.id]);
  const updated = await updateUser(sql, user.id, { ...changes, raw_user_meta_data: current.identity_data });
  return syncProviders(sql, updated);
}
