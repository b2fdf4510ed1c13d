import { recordAudit } from "../audit/audit-log.ts";
import { badRequest, ErrorCode, notFound } from "../errors.ts";
import { confirmEmail } from "../users/confirm.ts";
import { syncProviders } from "../users/identities.ts";
import { mergeMetadata } from "../users/metadata.ts";
import { updateUser, type Sql } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";
import { removeUnconfirmedIdentities, type ExternalAccount, type ExternalSignIn } from "./external-account.ts";
import { insertIdentity } from "./identity-store.ts";
import { identityData } from "./user-data.ts";

/**
 * An OAuth sign-in started with `invite_token` (auth: external.go processInvite): the invited user
 * takes the provider identity when one of the provider's emails is the invited email, loses any
 * unconfirmed password/phone, and is confirmed (answering the invite proves the address).
 */
export async function acceptInvite(sql: Sql, inviteToken: string, sign: ExternalSignIn): Promise<ExternalAccount> {
  const { rows } = await sql.query<UserRow>("select * from auth.users where confirmation_token = $1 for update", [
    inviteToken,
  ]);
  const invited = rows[0];
  if (!invited) throw notFound(ErrorCode.invite_not_found, "Invite not found");
  const email = (invited.email ?? "").toLowerCase();
  if (!sign.data.emails.some((candidate) => candidate.email.toLowerCase() === email)) {
    throw badRequest(ErrorCode.validation_failed, "Invited email does not match emails from external provider");
  }
  const data = identityData(sign.data);
  const identity = await insertIdentity(sql, invited.id, sign.provider, data);
  let user = await updateUser(sql, invited.id, {
    raw_app_meta_data: { ...(invited.raw_app_meta_data ?? {}), provider: sign.provider },
    raw_user_meta_data: mergeMetadata(invited.raw_user_meta_data, data),
  });
  user = await syncProviders(sql, user);
  await recordAudit(sql, {
    actor: user,
    action: "invite_accepted",
    logType: "user",
    ip: sign.ip,
    traits: { provider: sign.provider },
  });
  user = await removeUnconfirmedIdentities(sql, user, identity);
  return { user: await confirmEmail(sql, user) };
}
