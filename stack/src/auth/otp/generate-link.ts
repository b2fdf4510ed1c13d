import type { AuthCore } from "../core.ts";
import { ErrorCode, emailExists, notFound, validation } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { createUserWithIdentity } from "../users/create-user.ts";
import { invitedUser } from "../users/invite.ts";
import { checkPasswordStrength, hashPassword, randomPassword } from "../users/passwords.ts";
import { findUserByEmail, listIdentities, updateUser } from "../users/user-queries.ts";
import { userJson, type UserJson } from "../users/user-json.ts";
import { issueToken, type TokenSlot } from "./one-time-tokens.ts";
import { actionLink } from "./send-email-token.ts";

export type LinkType = "signup" | "invite" | "magiclink" | "recovery" | "email_change_current" | "email_change_new";

export interface GenerateLinkInput {
  type: LinkType;
  email: string;
  password?: string;
  data: Record<string, unknown>;
  newEmail?: string;
  redirectTo: string;
}

export type GeneratedLink = UserJson & {
  action_link: string;
  email_otp: string;
  hashed_token: string;
  verification_type: string;
  redirect_to: string;
};

/**
 * POST /admin/generate_link (auth: internal/api/mail.go adminGenerateLink): issues the same token an
 * email would carry and returns it with the link — no mail is sent.
 */
export async function generateLink(core: AuthCore, input: GenerateLinkInput): Promise<GeneratedLink> {
  const settings = core.settings();
  let type: LinkType = input.type;
  return inTransaction(core.pool, async (sql) => {
    let user = await findUserByEmail(sql, input.email);
    if (type === "magiclink" && !user) type = "signup";
    let slot: TokenSlot;
    let relatesTo = input.email;
    let verificationType: string = type;
    switch (type) {
      case "signup":
        if (user?.email_confirmed_at) throw emailExists();
        if (!user) {
          const password = input.type === "magiclink" ? randomPassword() : input.password;
          if (!password) throw validation("Signup requires a valid password");
          if (input.type !== "magiclink") checkPasswordStrength(settings, password);
          user = await createUserWithIdentity(sql, {
            email: input.email,
            passwordHash: await hashPassword(password),
            data: input.data,
            metadataFrom: "caller",
          });
        }
        slot = "confirmation";
        break;
      case "invite":
        user = await invitedUser(sql, input.email, input.data);
        slot = "confirmation";
        break;
      case "magiclink":
      case "recovery":
        if (!user) throw notFound(ErrorCode.user_not_found, "User with this email not found");
        slot = "recovery";
        break;
      case "email_change_current":
      case "email_change_new": {
        if (!user) throw notFound(ErrorCode.user_not_found, "User with this email not found");
        if (!input.newEmail) throw validation("The new email address provided is invalid");
        if (type === "email_change_current" && !settings.email.double_confirm_changes) {
          throw validation("Enable secure email change to generate link for current email");
        }
        if (await findUserByEmail(sql, input.newEmail)) throw emailExists();
        user = await updateUser(sql, user.id, { email_change: input.newEmail, email_change_confirm_status: 0 });
        slot = type;
        relatesTo = type === "email_change_new" ? input.newEmail : input.email;
        verificationType = "email_change";
        break;
      }
    }
    const issued = await issueToken(sql, user, slot, relatesTo, settings.email.otp_length, false);
    const linkType = verificationType === "email_change" ? "email_change" : verificationType;
    return {
      ...userJson(issued.user, await listIdentities(sql, user.id)),
      action_link: actionLink(settings.externalUrl, issued.hash, linkType, input.redirectTo),
      email_otp: issued.otp,
      hashed_token: issued.hash,
      verification_type: verificationType,
      redirect_to: input.redirectTo,
    };
  });
}
