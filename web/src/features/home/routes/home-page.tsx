import { PageHeading } from "../../../components/ui/page-heading";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { supportedLocales } from "../../../lib/i18n/locales";
import { useTranslate } from "../../../lib/i18n/use-translate";

/** `/:locale` for someone signed out: what Parley is, and the way in. */
export function HomePage() {
  const t = useTranslate();
  return (
    <>
      <title>{t("app.documentTitle", { page: t("home.title") })}</title>
      <PageHeading>{t("home.title")}</PageHeading>
      <p className="lead">{t("home.intro", { count: supportedLocales.length })}</p>
      <p>
        <LocaleLink to="/sign-in">{t("home.signInLink")}</LocaleLink>
      </p>
    </>
  );
}
