import { use, useEffect, useState } from "react";
import { useLocation, useParams } from "react-router";
import { AuthGate } from "../../lib/auth/auth-gate";
import { I18nProvider } from "../../lib/i18n/i18n-provider";
import { isLocale, type Locale } from "../../lib/i18n/locales";
import { loadFirstScreenMessages, loadMessages, useCompleteMessages } from "../../lib/i18n/messages";
import { useFirstScreenShown } from "../../lib/first-screen/first-screen";
import { firstScreenOf } from "../routing/first-screen-route";
import { useDocumentLocale } from "../../lib/i18n/use-document-locale";
import { AppShell } from "./app-shell";
import { PreferredLocaleRedirect } from "./preferred-locale-redirect";

/**
 * A supported locale's layout: waits for its catalog (suspending), so no text flashes untranslated.
 * A visit that begins on a conversation or a signed-out form waits only for the messages its first
 * screen shows, and loads the rest once that is on screen; any other page waits for the whole
 * catalog (`PageSlot`).
 */
function LocaleFrame({ locale }: { locale: Locale }) {
  const { pathname } = useLocation();
  const [firstScreen] = useState(() => firstScreenOf(pathname));
  const firstScreenShown = useFirstScreenShown();
  const complete = useCompleteMessages(locale);
  const messages = complete ?? use(firstScreen ? loadFirstScreenMessages(locale, firstScreen) : loadMessages(locale));
  useEffect(() => {
    if (firstScreenShown) void loadMessages(locale).catch(() => undefined); // PageSlot retries a failure
  }, [firstScreenShown, locale]);
  useDocumentLocale(locale);
  return (
    <I18nProvider locale={locale} messages={messages} part={complete ? undefined : firstScreen}>
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
