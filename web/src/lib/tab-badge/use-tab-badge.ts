import { useEffect } from "react";
import { useTranslate } from "../i18n/use-translate";
import { badgeText } from "./badge-text";
import { faviconUrl } from "./favicon-image";
import { nextTabTitle, type TabTitle } from "./tab-title";

/** Shows a count in the tab's title ("(3) #general · Parley") while the pages keep setting their own titles. */
function useTitleCount(count: number) {
  const t = useTranslate();
  useEffect(() => {
    if (count < 1) return;
    let title: TabTitle | null = null;
    const apply = () => {
      title = nextTabTitle(document.title, title, (page) => t("tabBadge.title", { count, title: page }));
      if (document.title !== title.shown) document.title = title.shown;
    };
    apply();
    // Pages set their titles with React's <title>; each change of the head is a page's new title.
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      if (title && document.title === title.shown) document.title = title.page;
    };
  }, [count, t]);
}

/** Shows the count as a badge on the tab's icon; without a count the plain icon. */
function useFaviconBadge(count: number) {
  const text = badgeText(count);
  useEffect(() => {
    const link = document.createElement("link");
    link.rel = "icon";
    link.type = "image/svg+xml";
    link.href = faviconUrl(text);
    link.dataset.badge = text;
    document.head.append(link);
    return () => link.remove();
  }, [text]);
}

/**
 * The unread-mention count on the tab: in its title and as a badge on its icon, gone at zero.
 *
 * @example useTabBadge(mentionCount)
 */
export function useTabBadge(count: number) {
  useTitleCount(count);
  useFaviconBadge(count);
}
