/** The page's own title (as its route set it) and the title the tab shows instead. */
export type TabTitle = { page: string; shown: string };

/**
 * What the tab should show after the document's title changed to `current`: our own last change
 * is left alone; anything else is a new page title, shown through `withCount`.
 *
 * @example nextTabTitle("#general · Parley", null, (page) => `(3) ${page}`) // { page: "#general · Parley", shown: "(3) #general · Parley" }
 */
export function nextTabTitle(current: string, last: TabTitle | null, withCount: (page: string) => string): TabTitle {
  if (last && current === last.shown) return last;
  return { page: current, shown: withCount(current) };
}
