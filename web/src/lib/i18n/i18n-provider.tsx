import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { CatalogCompleteContext } from "./catalog-complete";
import { LocaleContext } from "./locale-context";
import { defaultLocale, type Locale } from "./locales";
import type { Messages } from "./messages";

type I18nProviderProps = {
  locale: Locale;
  messages: Messages;
  /** `false` while `messages` are only the first screen's (see `loadFirstScreenMessages`). */
  complete?: boolean;
  children: ReactNode;
};

/** Makes the active locale and its ICU messages available to everything below. */
export function I18nProvider({ locale, messages, complete = true, children }: I18nProviderProps) {
  return (
    <LocaleContext value={locale}>
      <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messages}>
        <CatalogCompleteContext value={complete}>{children}</CatalogCompleteContext>
      </IntlProvider>
    </LocaleContext>
  );
}
