import { PageHeading } from "../../components/ui/page-heading";
import { LocaleLink } from "../../lib/i18n/locale-link";
import { useTranslate } from "../../lib/i18n/use-translate";

/** Any `/:locale/…` path no route claims. */
export function NotFoundPage() {
  const t = useTranslate();
  return (
    <>
      <title>{t("app.documentTitle", { page: t("notFound.title") })}</title>
      <PageHeading>{t("notFound.title")}</PageHeading>
      <p>{t("notFound.description")}</p>
      <LocaleLink to="/">{t("notFound.backHome")}</LocaleLink>
    </>
  );
}
