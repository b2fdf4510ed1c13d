/**
 * The locales Parley ships, in the order the language switcher lists them. Like Excalidraw's
 * language list, each carries its own name in its own language (never translated) and its
 * writing direction, so RTL is a data flag rather than a special case in components.
 */
export const locales = {
  en: { nativeName: "English", rtl: false },
  de: { nativeName: "Deutsch", rtl: false },
  fr: { nativeName: "Français", rtl: false },
  es: { nativeName: "Español", rtl: false },
  ja: { nativeName: "日本語", rtl: false },
  ar: { nativeName: "العربية", rtl: true },
} as const satisfies Record<string, { nativeName: string; rtl: boolean }>;

export type Locale = keyof typeof locales;

export const supportedLocales = Object.keys(locales) as Locale[];

/** Messages missing from a catalog fall back to this one; its keys are the typed message ids. */
export const defaultLocale: Locale = "en";

export function isLocale(value: string | undefined): value is Locale {
  return value !== undefined && Object.hasOwn(locales, value);
}

export function directionOf(locale: Locale): "rtl" | "ltr" {
  return locales[locale].rtl ? "rtl" : "ltr";
}
