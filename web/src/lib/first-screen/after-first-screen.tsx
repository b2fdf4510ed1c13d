import { Suspense, type ReactNode } from "react";
import { useCatalogComplete } from "../i18n/catalog-complete";
import { useFirstScreenShown } from "./first-screen";

/**
 * Renders `children` — typically `React.lazy` parts such as the composer or the keyboard layer —
 * only once the first screen's content has been painted (see `markFirstScreenShown`) and the whole
 * message catalog is in (`useCatalogComplete`), and `fallback` until then and while their code loads.
 */
export function AfterFirstScreen({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const shown = useFirstScreenShown();
  const catalogComplete = useCatalogComplete();
  if (!shown || !catalogComplete) return fallback;
  return <Suspense fallback={fallback}>{children}</Suspense>;
}
