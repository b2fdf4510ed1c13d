import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { CatalogPartContext } from "./catalog-complete";
import type { FirstScreen } from "./first-screen-messages";
import { LocaleContext } from "./locale-context";
import { defaultLocale, type Locale } from "./locales";
import type { Messages } from "./messages";

type I18nProviderProps = {
  locale: Locale;
  messages: Messages;
  /** While `messages` are only one first screen's part (see `loadFirstScreenMessages`): which screen's. */
  part?: FirstScreen;
  children: ReactNode;
};

/** Makes the active locale and its ICU messages available to everything below. */
export function I18nProvider({ locale, messages, part, children }: I18nProviderProps) {
  return (
    <LocaleContext value={locale}>
      <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messages}>
        <CatalogPartContext value={part}>{children}</CatalogPartContext>
      </IntlProvider>
    </LocaleContext>
  );
}
