import Languages from "lucide-react/icons/languages";
import { useId, type ChangeEvent } from "react";
import { useLocation, useNavigate } from "react-router";
import { keepFocusState } from "../../lib/focus-on-navigation";
import { useLocale } from "../../lib/i18n/locale-context";
import { isLocale, locales, supportedLocales } from "../../lib/i18n/locales";
import { switchLocalePath } from "../../lib/i18n/localize-path";
import { useTranslate } from "../../lib/i18n/use-translate";

/**
 * A labelled native `<select>` of languages, each named in its own language. Choosing one shows
 * the same page (path, query and hash) in that language, and focus stays on the select.
 */
export function LanguageSwitcher() {
  const t = useTranslate();
  const id = useId();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();

  function switchLanguage(event: ChangeEvent<HTMLSelectElement>) {
    const next = event.target.value;
    if (!isLocale(next) || next === locale) return;
    const pathname = switchLocalePath(location.pathname, next);
    void navigate({ pathname, search: location.search, hash: location.hash }, { state: keepFocusState });
  }

  return (
    <div className="language-switcher">
      <label htmlFor={id} className="language-switcher__label">
        <Languages size={18} aria-hidden="true" />
        <span>{t("language.label")}</span>
      </label>
      <select id={id} value={locale} onChange={switchLanguage} className="language-switcher__select">
        {supportedLocales.map((code) => (
          <option key={code} value={code} lang={code}>
            {locales[code].nativeName}
          </option>
        ))}
      </select>
    </div>
  );
}
