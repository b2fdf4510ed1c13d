import { randomUUID } from "node:crypto";
import type { AuthCore } from "../core.ts";
import { ErrorCode, emailExists, unprocessable, validation } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { recordAudit } from "../audit/audit-log.ts";
import { banUntil } from "./ban-duration.ts";
import { syncProviders, upsertIdentity } from "./identities.ts";
import { hashPassword, randomPassword } from "./passwords.ts";
import { findUserByEmail, findUserByPhone, insertUser, listIdentities } from "./user-queries.ts";
import { userJson, type UserJson } from "./user-json.ts";

export interface AdminCreateInput {
  email?: string;
  phone?: string;
  password?: string;
  passwordHash?: string;
  emailConfirm: boolean;
  phoneConfirm: boolean;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
  role?: string;
  aud?: string;
  id?: string;
  banDuration?: string;
}

const BCRYPT_HASH = /^\$2[abxy]?\$\d\d\$[./A-Za-z0-9]{53}$/;

/**
 * POST /admin/users (auth: internal/api/admin.go adminUserCreate): no sign-up switches or password
 * policy; identities for email and/or phone; `app_metadata {provider, providers}` plus the given keys.
 */
export async function adminCreateUser(
  core: AuthCore,
  input: AdminCreateInput,
  actorIp: string | null,
): Promise<UserJson> {
  if (!input.email && !input.phone) throw validation("Cannot create a user without either an email or phone");
  if (input.password && input.passwordHash) throw validation("Only a password or a password hash should be provided");
  if (input.passwordHash && !BCRYPT_HASH.test(input.passwordHash))
    throw validation("Invalid password hash format: only bcrypt hashes are supported");
  const encrypted = input.passwordHash ?? (await hashPassword(input.password || randomPassword()));
  const bannedUntil = banUntil(input.banDuration);
  return inTransaction(core.pool, async (sql) => {
    if (input.email && (await findUserByEmail(sql, input.email))) throw emailExists();
    if (input.phone && (await findUserByPhone(sql, input.phone)))
      throw unprocessable(ErrorCode.phone_exists, "Phone number already registered by another user");
    const id = input.id ?? randomUUID();
    const provider = input.email ? "email" : "phone";
    // GoTrue's admin create: user_metadata is the caller's (plus email_verified once confirmed, by
    // models.User.Confirm); the identities hold only their claims.
    let user = await insertUser(sql, {
      id,
      email: input.email ?? null,
      phone: input.phone ?? null,
      encrypted_password: encrypted,
      raw_app_meta_data: { provider, providers: [provider], ...input.appMetadata },
      raw_user_meta_data: {
        ...input.userMetadata,
        ...(input.email && input.emailConfirm ? { email_verified: true } : {}),
      },
      role: input.role,
      aud: input.aud,
      email_confirmed_at: input.email && input.emailConfirm ? new Date() : null,
      phone_confirmed_at: input.phone && input.phoneConfirm ? new Date() : null,
      banned_until: bannedUntil ?? null,
    });
    const claims = { sub: id, email_verified: false, phone_verified: false };
    if (input.email) await upsertIdentity(sql, id, "email", { ...claims, email: input.email });
    if (input.phone) await upsertIdentity(sql, id, "phone", { ...claims, phone: input.phone });
    user = await syncProviders(sql, user);
    await recordAudit(sql, {
      actor: user,
      action: "user_signedup",
      logType: "team",
      ip: actorIp,
      traits: { provider },
    });
    return userJson(user, await listIdentities(sql, id));
  });
}
