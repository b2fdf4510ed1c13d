import { PageHeading } from "../../../components/ui/page-heading";
import { authPaths } from "../../../lib/auth/auth-paths";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import "./account.css";

/** `/:locale/account-deleted` — where a person lands, signed out, once their account is gone. */
export function AccountDeletedPage() {
  const t = useTranslate();
  return (
    <section className="account-card account-deleted">
      <title>{t("app.documentTitle", { page: t("account.deleted.title") })}</title>
      <PageHeading>{t("account.deleted.title")}</PageHeading>
      <p>{t("account.deleted.lead")}</p>
      <p>
        <LocaleLink to={authPaths.signUp}>{t("account.deleted.signUp")}</LocaleLink>
      </p>
    </section>
  );
}
