import { useId, useState } from "react";
import { z } from "../../../lib/zod-mini";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { FunctionCallError } from "../../../lib/function-error";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocale } from "../../../lib/i18n/locale-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useInviteMember } from "../api/invite-member";
import { inviteErrorMessageId } from "./invite-error";

const inviteSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email("invites.emailInvalid")),
  role: z.enum(["member", "admin"]),
});

/** Invites an email address with a role through the `invite-member` function; errors are announced. */
export function InviteForm({ workspaceId }: { workspaceId: string }) {
  const t = useTranslate();
  const locale = useLocale();
  const roleId = useId();
  const invite = useInviteMember(workspaceId, locale);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useSchemaForm<z.infer<typeof inviteSchema>>(inviteSchema, { email: "", role: "member" });
  const emailError = errorMessageId(form.formState.errors.email);
  const failureCode =
    invite.error instanceof FunctionCallError ? invite.error.code : invite.error ? "unknown" : undefined;

  return (
    <form
      className="members-section invite-form"
      aria-labelledby="invite-title"
      noValidate
      onSubmit={form.handleSubmit((input) => {
        setSentTo(null);
        invite.mutate(input, {
          onSuccess: () => {
            setSentTo(input.email);
            form.reset({ email: "", role: input.role });
          },
        });
      })}
    >
      <h2 id="invite-title">{t("invites.title")}</h2>
      {failureCode && (
        <Alert tone="error">
          <p>{t(inviteErrorMessageId(failureCode))}</p>
        </Alert>
      )}
      {sentTo && (
        <Alert tone="success">
          <p>{t("invites.sent", { email: sentTo })}</p>
        </Alert>
      )}
      <div className="invite-form__fields">
        <TextField
          label={t("invites.email")}
          type="email"
          autoComplete="off"
          dir="ltr"
          error={emailError && t(emailError)}
          {...form.register("email")}
        />
        <div className="invite-form__role">
          <label htmlFor={roleId} className="text-field__label">
            {t("invites.role")}
          </label>
          <select id={roleId} {...form.register("role")}>
            <option value="member">{t("members.role.member")}</option>
            <option value="admin">{t("members.role.admin")}</option>
          </select>
        </div>
      </div>
      <Button type="submit" pending={invite.isPending}>
        {t("invites.submit")}
      </Button>
    </form>
  );
}
