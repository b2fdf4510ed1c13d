import { createContext, useContext } from "react";
import type { Locale } from "./locales";

export const LocaleContext = createContext<Locale | null>(null);

/** The locale of the current route (`/de/…` → `de`). Only inside a locale-prefixed route. */
export function useLocale(): Locale {
  const locale = useContext(LocaleContext);
  if (locale === null) throw new Error("useLocale() needs an <I18nProvider> above it");
  return locale;
}
