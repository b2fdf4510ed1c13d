import { useEffect, useState } from "react";
import { useIntl } from "react-intl";
import { type EmojiEntry, loadEmojiCatalog } from "../../../lib/emoji/emoji-catalog";
import { isLocale } from "../../../lib/i18n/locales";

type CatalogState = { status: "loading" } | { status: "error" } | { status: "ready"; entries: EmojiEntry[] };

/** Every emoji with its names in the page's language, loaded when first asked for (see `loadEmojiCatalog`). */
export function useEmojiCatalog(): CatalogState {
  const { locale } = useIntl();
  const [state, setState] = useState<{ locale: string; value: CatalogState }>({
    locale,
    value: { status: "loading" },
  });
  useEffect(() => {
    let current = true;
    loadEmojiCatalog(isLocale(locale) ? locale : "en").then(
      (entries) => current && setState({ locale, value: { status: "ready", entries } }),
      () => current && setState({ locale, value: { status: "error" } }),
    );
    return () => {
      current = false;
    };
  }, [locale]);
  return state.locale === locale ? state.value : { status: "loading" };
}
