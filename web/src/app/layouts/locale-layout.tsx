import { use } from "react";
import { useParams } from "react-router";
import { AuthGate } from "../../lib/auth/auth-gate";
import { I18nProvider } from "../../lib/i18n/i18n-provider";
import { isLocale, type Locale } from "../../lib/i18n/locales";
import { loadMessages } from "../../lib/i18n/messages";
import { useDocumentLocale } from "../../lib/i18n/use-document-locale";
import { AppShell } from "./app-shell";
import { PreferredLocaleRedirect } from "./preferred-locale-redirect";

/** A supported locale's layout: waits for its catalog (suspending), so no text flashes untranslated. */
function LocaleFrame({ locale }: { locale: Locale }) {
  const messages = use(loadMessages(locale));
  useDocumentLocale(locale);
  return (
    <I18nProvider locale={locale} messages={messages}>
      <AuthGate>
        <AppShell />
      </AuthGate>
    </I18nProvider>
  );
}

/**
 * The layout of every `/:locale/…` page: the locale's messages, `<html lang dir>`, the shell. A
 * first segment that is no supported locale goes to the same place in the browser's best one.
 */
export function LocaleLayout() {
  const { locale } = useParams();
  return isLocale(locale) ? <LocaleFrame locale={locale} /> : <PreferredLocaleRedirect />;
}
