import { redirect, type LoaderFunctionArgs } from "react-router";
import { isLocale, type Locale } from "../../lib/i18n/locales";
import { loadMessages, type Messages } from "../../lib/i18n/messages";
import { resolveLocalePath } from "../../lib/i18n/negotiate-locale";

/** `/`, and any URL without a supported locale, go to the same place in the browser's best locale. */
export function redirectToPreferredLocale({ request }: LoaderFunctionArgs): Response {
  const url = new URL(request.url);
  return redirect(resolveLocalePath(url.pathname + url.search, navigator.languages));
}

/** Checks the locale prefix and loads its catalog before the page renders, so no text flashes. */
export async function localeLoader(args: LoaderFunctionArgs): Promise<{ locale: Locale; messages: Messages }> {
  const { locale } = args.params;
  if (!isLocale(locale)) throw redirectToPreferredLocale(args);
  return { locale, messages: await loadMessages(locale) };
}
