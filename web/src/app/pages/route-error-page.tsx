import { Button } from "../../components/ui/button";
import { PageHeading } from "../../components/ui/page-heading";
import { useTranslate } from "../../lib/i18n/use-translate";

/** A page that failed to load or render, inside the shell so language and theme still work. */
export function RouteErrorPage() {
  const t = useTranslate();
  return (
    <>
      <title>{t("app.documentTitle", { page: t("routeError.title") })}</title>
      <PageHeading>{t("routeError.title")}</PageHeading>
      <p>{t("routeError.description")}</p>
      <Button onClick={() => window.location.reload()}>{t("routeError.reload")}</Button>
    </>
  );
}
