import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider, useLocation, useParams } from "react-router";
import englishMessages from "../locales/en.json";
import { I18nProvider } from "../lib/i18n/i18n-provider";
import { isLocale } from "../lib/i18n/locales";

function LocaleRoute({ children }: { children: ReactNode }) {
  const { locale } = useParams();
  const location = useLocation();
  if (!isLocale(locale)) throw new Error(`test path ${location.pathname} lacks a supported locale`);
  return (
    <I18nProvider locale={locale} messages={englishMessages}>
      {children}
      <output data-testid="location">{location.pathname + location.search}</output>
    </I18nProvider>
  );
}

/**
 * Renders `element` at `path` (`/de/…`) in a memory router, inside that locale's provider with the
 * English catalog (tests here assert links and behaviour, not wording). The current URL is shown
 * in `data-testid="location"`, so navigation can be asserted.
 */
export function renderInLocale(element: ReactNode, path: string) {
  const router = createMemoryRouter([{ path: "/:locale/*", element: <LocaleRoute>{element}</LocaleRoute> }], {
    initialEntries: [path],
  });
  return { router, ...render(<RouterProvider router={router} />) };
}
