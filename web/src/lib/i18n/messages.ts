import { useSyncExternalStore } from "react";
import type englishCatalog from "../../locales/en.json";
import type { FirstScreen } from "./first-screen-messages";
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

type Loaders = Record<string, () => Promise<Partial<Messages>>>;

// The same catalogs cut in two per first screen (see `firstScreenMessages` and vite/catalog-parts.ts).
// import.meta.glob takes only literal options, hence one pair per screen.
const partLoaders: Record<FirstScreen, { first: Loaders; rest: Loaders }> = {
  conversation: {
    first: import.meta.glob<Partial<Messages>>("../../locales/*.json", {
      import: "default",
      query: "?part=conversation",
    }),
    rest: import.meta.glob<Partial<Messages>>("../../locales/*.json", {
      import: "default",
      query: "?part=conversation-rest",
    }),
  },
  "sign-in": {
    first: import.meta.glob<Partial<Messages>>("../../locales/*.json", { import: "default", query: "?part=sign-in" }),
    rest: import.meta.glob<Partial<Messages>>("../../locales/*.json", {
      import: "default",
      query: "?part=sign-in-rest",
    }),
  },
};

const loadedMessages = new Map<Locale, Promise<Messages>>();
/** Per locale, the one first screen whose part was loaded (a visit begins on one page only). */
const firstScreenParts = new Map<Locale, { screen: FirstScreen; messages: Promise<Messages> }>();
const completeMessages = new Map<Locale, Messages>();
const listeners = new Set<() => void>();

function loadCatalog(loaders: Loaders, locale: Locale): Promise<Partial<Messages>> {
  const load = loaders[`../../locales/${locale}.json`];
  if (!load) return Promise.reject(new Error(`No message catalog for locale "${locale}"`));
  return load();
}

/** A locale's catalog (or one part of it) with English filling any message it lacks. */
function withEnglishFallback(loaders: Loaders, locale: Locale): Promise<Messages> {
  const english = loadCatalog(loaders, defaultLocale) as Promise<Messages>;
  if (locale === defaultLocale) return english;
  return Promise.all([english, loadCatalog(loaders, locale)]).then(([fallback, own]) => ({ ...fallback, ...own }));
}

/** Keeps `load`'s promise per locale in `cache`, forgetting a failure so that the next call tries again. */
function once(cache: Map<Locale, Promise<Messages>>, locale: Locale, load: () => Promise<Messages>) {
  const cached = cache.get(locale);
  if (cached) return cached;
  const messages = load();
  cache.set(locale, messages);
  messages.catch(() => cache.delete(locale));
  return messages;
}

/**
 * The messages for a locale, with English filling any message the locale's catalog lacks.
 * Loads each catalog once; a failed load is forgotten so that the next call tries again. Where the
 * first screen's part is already in (`loadFirstScreenMessages`), only the rest is fetched.
 *
 * @example const messages = await loadMessages("ar");
 */
export function loadMessages(locale: Locale): Promise<Messages> {
  return once(loadedMessages, locale, () => {
    const firstScreen = firstScreenParts.get(locale);
    const messages = firstScreen
      ? Promise.all([firstScreen.messages, withEnglishFallback(partLoaders[firstScreen.screen].rest, locale)]).then(
          ([first, rest]) => ({ ...first, ...rest }),
        )
      : withEnglishFallback(catalogLoaders, locale);
    void messages.then(
      (complete) => {
        completeMessages.set(locale, complete);
        for (const listener of listeners) listener();
      },
      () => undefined,
    );
    return messages;
  });
}

/**
 * Only the messages `screen` shows first (`firstScreenMessages`), English filling the gaps: what a
 * visit that begins on that page waits for before it can paint. The complete catalog
 * (`loadMessages`) replaces it once loaded. A locale keeps the part of the first screen asked for
 * first; asking for another screen's part then loads the whole catalog.
 *
 * @example const messages = await loadFirstScreenMessages("ar", "sign-in");
 */
export function loadFirstScreenMessages(locale: Locale, screen: FirstScreen): Promise<Messages> {
  const loaded = firstScreenParts.get(locale);
  if (loaded?.screen === screen) return loaded.messages;
  if (loaded) return loadMessages(locale);
  const messages = withEnglishFallback(partLoaders[screen].first, locale);
  firstScreenParts.set(locale, { screen, messages });
  messages.catch(() => {
    if (firstScreenParts.get(locale)?.messages === messages) firstScreenParts.delete(locale);
  });
  return messages;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The complete messages of `locale` once `loadMessages` has loaded them; `undefined` before. */
export function useCompleteMessages(locale: Locale): Messages | undefined {
  const read = () => completeMessages.get(locale);
  return useSyncExternalStore(subscribe, read, read);
}
