import { PageHeading } from "../../../components/ui/page-heading";
import { useSession } from "../../../lib/auth/auth-state";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { supportedLocales } from "../../../lib/i18n/locales";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { BackendStatus } from "../components/backend-status";

/** `/:locale` — the welcome page, with the backend's status. */
export function HomePage() {
  const t = useTranslate();
  const signedIn = useSession() !== null;
  return (
    <>
      <title>{t("app.documentTitle", { page: t("home.title") })}</title>
      <PageHeading>{t("home.title")}</PageHeading>
      <p className="lead">{t("home.intro", { count: supportedLocales.length })}</p>
      {signedIn && (
        <p>
          <LocaleLink to="/w">{t("home.workspacesLink")}</LocaleLink>
        </p>
      )}
      <BackendStatus />
    </>
  );
}
