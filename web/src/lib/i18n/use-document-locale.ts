import { useEffect } from "react";
import { directionOf, type Locale } from "./locales";

/** Keeps `<html lang dir>` on the active locale, so RTL layout and screen readers follow it. */
export function useDocumentLocale(locale: Locale): void {
  useEffect(() => {
    const root = document.documentElement;
    root.lang = locale;
    root.dir = directionOf(locale);
  }, [locale]);
}
