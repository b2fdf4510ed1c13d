import type englishCatalog from "../../locales/en.json";
import { defaultLocale, type Locale } from "./locales";

/** The English catalog is the source of truth: its keys are the only valid message ids. */
export type Messages = typeof englishCatalog;
export type MessageId = keyof Messages;

declare global {
  // Types react-intl's `formatMessage({ id })` and `<FormattedMessage id>` with our keys.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}

// One lazily loaded chunk per catalog; nothing but the active locale (and English) is fetched.
const catalogLoaders = import.meta.glob<Partial<Messages>>("../../locales/*.json", {
  import: "default",
});

const loadedMessages = new Map<Locale, Promise<Messages>>();

function loadCatalog(locale: Locale): Promise<Partial<Messages>> {
  const load = catalogLoaders[`../../locales/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No message catalog for locale "${locale}"`));
  return load();
}

/**
 * The messages for a locale, with English filling any message the locale's catalog lacks.
 * Loads each catalog once; a failed load is forgotten so that the next call tries again.
 *
 * @example const messages = await loadMessages("ar");
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  const cached = loadedMessages.get(locale);
  if (cached) return cached;
  const english = loadCatalog(defaultLocale) as Promise<Messages>;
  const messages =
    locale === defaultLocale
      ? english
      : Promise.all([english, loadCatalog(locale)]).then(([fallback, own]) => ({ ...fallback, ...own }));
  loadedMessages.set(locale, messages);
  messages.catch(() => loadedMessages.delete(locale));
  return messages;
}
