import { Alert } from "../../../components/ui/alert";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { AuthCard } from "./auth-card";

/** The first of an email change's two confirmations went through: confirm the other address too. */
export function LinkHalfDone() {
  const t = useTranslate();
  return (
    <AuthCard title={t("auth.link.halfDoneTitle")}>
      <Alert tone="info">
        <p>{t("auth.link.halfDone")}</p>
      </Alert>
    </AuthCard>
  );
}
