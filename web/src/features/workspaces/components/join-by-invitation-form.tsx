import { z } from "../../../lib/zod-mini";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/text-field";
import { errorMessageId, useSchemaForm } from "../../../lib/forms/use-schema-form";
import { useLocaleNavigate } from "../../../lib/i18n/use-locale-navigate";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { invitationToken } from "./invitation-link";

const invitationSchema = z.object({
  link: z.string().check(z.refine((link) => invitationToken(link) !== null, "onboarding.invite.invalid")),
});

/** Paste the link from an invitation email: opens the invitation page, which accepts it. */
export function JoinByInvitationForm() {
  const t = useTranslate();
  const navigate = useLocaleNavigate();
  const form = useSchemaForm(invitationSchema, { link: "" });
  const linkError = errorMessageId(form.formState.errors.link);

  return (
    <form
      className="workspace-card"
      aria-labelledby="join-by-invitation-title"
      noValidate
      onSubmit={form.handleSubmit(({ link }) =>
        navigate(`/invite?token=${encodeURIComponent(invitationToken(link) ?? "")}`),
      )}
    >
      <h2 id="join-by-invitation-title">{t("onboarding.invite.title")}</h2>
      <TextField
        label={t("onboarding.invite.link")}
        hint={t("onboarding.invite.hint")}
        autoComplete="off"
        dir="ltr"
        inputMode="url"
        error={linkError && t(linkError)}
        {...form.register("link")}
      />
      <Button type="submit">{t("onboarding.invite.submit")}</Button>
    </form>
  );
}
