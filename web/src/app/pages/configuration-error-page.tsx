import CircleAlert from "lucide-react/icons/circle-exclamation-point";
import { FormattedMessage } from "react-intl";
import { PageHeading } from "../../components/ui/page-heading";
import type { BackendConfigProblem } from "../../lib/backend-config";
import { useTranslate } from "../../lib/i18n/use-translate";
import "./configuration-error-page.css";

/** Shown instead of every page when the build lacks its backend URL or publishable key. */
export function ConfigurationErrorPage({ problems }: { problems: BackendConfigProblem[] }) {
  const t = useTranslate();
  return (
    <section className="configuration-error">
      <title>{t("app.documentTitle", { page: t("configError.title") })}</title>
      <PageHeading>
        <CircleAlert size={28} aria-hidden="true" className="configuration-error__icon" /> {t("configError.title")}
      </PageHeading>
      <p>{t("configError.description")}</p>
      <ul className="configuration-error__problems">
        {problems.map(({ variable, reason }) => (
          <li key={variable}>
            <FormattedMessage
              id={reason === "missing" ? "configError.missing" : "configError.invalidUrl"}
              values={{ name: <code dir="ltr">{variable}</code> }}
            />
          </li>
        ))}
      </ul>
      <p>
        <FormattedMessage id="configError.hint" values={{ command: <code dir="ltr">npm start</code> }} />
      </p>
    </section>
  );
}
