import { useLoaderData } from "react-router";
import { AuthGate } from "../../lib/auth/auth-gate";
import { I18nProvider } from "../../lib/i18n/i18n-provider";
import { useDocumentLocale } from "../../lib/i18n/use-document-locale";
import { AppShell } from "./app-shell";
import type { localeLoader } from "./locale-loader";

/** The layout of every `/:locale/…` page: the locale's messages, `<html lang dir>`, the shell. */
export function LocaleLayout() {
  const { locale, messages } = useLoaderData<typeof localeLoader>();
  useDocumentLocale(locale);
  return (
    <I18nProvider locale={locale} messages={messages}>
      <AuthGate>
        <AppShell />
      </AuthGate>
    </I18nProvider>
  );
}
