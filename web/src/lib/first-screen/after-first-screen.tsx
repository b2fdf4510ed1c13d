import { Suspense, type ReactNode } from "react";
import { useCatalogComplete } from "../i18n/catalog-complete";
import { useFirstScreenShown } from "./first-screen";

/**
 * Renders `children` — `React.lazy` parts that take no room on the first screen, such as the
 * desktop-notification watcher — only once the first screen's content has been painted (see
 * `markFirstScreenShown`) and the whole message catalog is in (`useCatalogComplete`), and `fallback`
 * until then and while their code loads. A part that takes room, or that a key press may reach
 * (the composer, a message's tools), must not wait here: the page would shift under the reader.
 */
export function AfterFirstScreen({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const shown = useFirstScreenShown();
  const catalogComplete = useCatalogComplete();
  if (!shown || !catalogComplete) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
