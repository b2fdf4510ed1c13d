import { LinkIcon } from "lucide-react";
import { describeAuthError } from "../../../lib/auth/auth-errors";
import { AuthErrorAlert } from "../../../lib/auth/auth-error-alert";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { AuthCard } from "./auth-card";

/** The invalid-link screen: a used, expired, tampered or foreign link, and how to get a new one. */
export function LinkProblem({ error }: { error: unknown }) {
  const t = useTranslate();
  return (
    <AuthCard title={t("auth.link.invalidTitle")} lead={t("auth.link.invalidLead")}>
      <LinkIcon size={32} aria-hidden="true" />
      <AuthErrorAlert problem={describeAuthError(error)} />
    </AuthCard>
  );
}
