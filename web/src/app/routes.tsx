import type { RouteObject } from "react-router";
import { LocaleLayout } from "./layouts/locale-layout";
import { localeLoader, redirectToPreferredLocale } from "./layouts/locale-loader";
import { NotFoundPage } from "./pages/not-found-page";
import { RouteErrorPage } from "./pages/route-error-page";

/** Renders nothing: shown only while the first route's loader (a catalog, a redirect) runs. */
function Nothing() {
  return null;
}

/**
 * Every page lives under a locale prefix (`/en/…`, `/ar/…`). `/` and any path without a supported
 * locale redirect to the best one for the browser. Feature routes load lazily.
 */
export const routes: RouteObject[] = [
  {
    HydrateFallback: Nothing,
    children: [
      { index: true, loader: redirectToPreferredLocale, Component: Nothing },
      {
        path: ":locale",
        loader: localeLoader,
        Component: LocaleLayout,
        children: [
          {
            ErrorBoundary: RouteErrorPage,
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import("../features/home/routes/home-page")).HomePage }),
              },
              { path: "*", Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];
