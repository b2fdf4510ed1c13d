import type { ReactNode } from "react";
import { IntlProvider } from "react-intl";
import { LocaleContext } from "./locale-context";
import { defaultLocale, type Locale } from "./locales";
import type { Messages } from "./messages";

type I18nProviderProps = {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
};

/** Makes the active locale and its ICU messages available to everything below. */
export function I18nProvider({ locale, messages, children }: I18nProviderProps) {
  return (
    <LocaleContext value={locale}>
      <IntlProvider locale={locale} defaultLocale={defaultLocale} messages={messages}>
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}
