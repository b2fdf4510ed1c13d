import type { AuthCore } from "../core.ts";
import { ErrorCode, badRequest } from "../errors.ts";
import { inTransaction } from "../../db/index.ts";
import { createFlowState, type PkceParams } from "../pkce/flow-state.ts";
import { findUserByEmail, findUserByPhone } from "../users/user-queries.ts";
import type { UserRow } from "../users/user-row.ts";
import { sendEmailChange } from "./send-email-change.ts";
import { sendEmailToken } from "./send-email-token.ts";
import { sendSmsToken } from "./send-sms-token.ts";

export type ResendType = "signup" | "email_change" | "sms" | "phone_change";

export interface ResendInput {
  type: ResendType;
  email?: string;
  phone?: string;
  pkce?: PkceParams;
  redirectTo: string;
}

/**
 * POST /resend (auth: internal/api/resend.go): re-sends a pending confirmation or change; an
 * unknown user, a confirmed one or nothing pending answers `{}` silently.
 */
export async function resend(core: AuthCore, input: ResendInput): Promise<void> {
  const settings = core.settings();
  const viaEmail = input.type === "signup" || input.type === "email_change";
  if (viaEmail && !settings.email.enable_signup)
    throw badRequest(ErrorCode.email_provider_disabled, "Email logins are disabled");
  if (!viaEmail && !settings.sms.enable_signup)
    throw badRequest(ErrorCode.phone_provider_disabled, "Unsupported phone provider");
  await inTransaction(core.pool, async (sql) => {
    // phone_change is addressed by the new number (auth: models.FindUserByPhoneChangeAndAudience).
    const user = viaEmail
      ? await findUserByEmail(sql, input.email ?? "")
      : input.type === "phone_change"
        ? (
            await sql.query<UserRow>(
              "select * from auth.users where phone_change = $1 and aud = 'authenticated' limit 1",
              [input.phone],
            )
          ).rows[0]
        : await findUserByPhone(sql, input.phone ?? "");
    if (!user) return;
    const pkce = input.pkce !== undefined;
    switch (input.type) {
      case "signup":
        if (user.email_confirmed_at !== null) return;
        if (input.pkce) await createFlowState(sql, user.id, input.pkce, "email/signup");
        await sendEmailToken(core, sql, user, {
          kind: "confirmation",
          slot: "confirmation",
          to: user.email ?? "",
          redirectTo: input.redirectTo,
          pkce,
        });
        return;
      case "email_change":
        if (!user.email_change) return;
        if (input.pkce) await createFlowState(sql, user.id, input.pkce, "email_change");
        await sendEmailChange(core, sql, user, input.redirectTo, pkce);
        return;
      case "sms":
        if (user.phone_confirmed_at !== null) return;
        await sendSmsToken(core, sql, user, "confirmation", user.phone ?? "");
        return;
      case "phone_change":
        if (!user.phone_change) return;
        await sendSmsToken(core, sql, user, "phone_change", user.phone_change);
        return;
    }
  });
}
