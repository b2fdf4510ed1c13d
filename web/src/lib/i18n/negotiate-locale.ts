import { defaultLocale, isLocale, type Locale } from "./locales";

// Two-letter languages, or three-letter ones with a region or script (`fil-PH`): a bare
// three-letter segment such as `/faq` is far more likely a page than a language.
const languageTagPattern = /^(?:[a-z]{2}|[a-z]{3}(?=[-_]))(?:[-_][a-z0-9]{2,8})*$/i;

/**
 * The supported locale a BCP 47 tag asks for: an exact match (`de`, `DE`), else its language
 * (`de-AT` → `de`, `ar_EG` → `ar`), else nothing.
 *
 * @example matchLocale("fr-CA") // "fr"
 */
export function matchLocale(tag: string): Locale | undefined {
  const normalized = tag.trim().replace(/_/g, "-").toLowerCase();
  if (isLocale(normalized)) return normalized;
  const language = normalized.split("-")[0];
  return isLocale(language) ? language : undefined;
}

/**
 * The best supported locale for a browser's ordered preferences (`navigator.languages`): the
 * first preference that matches, so `["de-CH", "en"]` gives `de`; English when none does.
 *
 * @example negotiateLocale(["pt-BR", "es-MX", "en"]) // "es"
 */
export function negotiateLocale(preferred: readonly string[]): Locale {
  for (const tag of preferred) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return defaultLocale;
}

/**
 * Where to send a URL whose first segment is not a supported locale, keeping the rest of it.
 *
 * - a supported locale in another spelling or region (`/DE/x`, `/fr-CA/x`) becomes that locale;
 * - something shaped like a language tag (`/pt/x`, `/zh-Hant/x`) is replaced by the best locale;
 * - anything else (`/`, `/settings`) is a path that lacks its locale, so the best one is prefixed.
 *
 * @example resolveLocalePath("/xx/channels?id=1", ["ja"]) // "/ja/channels?id=1"
 */
export function resolveLocalePath(pathWithQuery: string, preferred: readonly string[]): string {
  const [, first = "", rest = ""] = /^\/?([^/?#]*)(.*)$/.exec(pathWithQuery) ?? [];
  if (first !== "" && languageTagPattern.test(first)) {
    const locale = matchLocale(first) ?? negotiateLocale(preferred);
    return `/${locale}${rest}`;
  }
  const locale = negotiateLocale(preferred);
  if (first === "") return `/${locale}${rest}`;
  return `/${locale}/${first}${rest}`;
}
