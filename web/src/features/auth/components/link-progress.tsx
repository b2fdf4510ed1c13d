import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { AuthCard } from "./auth-card";

/** While a link is being checked; SIGNED_IN (or PASSWORD_RECOVERY) then moves the person on. */
export function LinkProgress() {
  const t = useTranslate();
  return (
    <AuthCard title={t("auth.link.checkingTitle")}>
      <p role="status">
        <Spinner /> {t("auth.link.checking")}
      </p>
    </AuthCard>
  );
}
