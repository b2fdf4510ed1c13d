import { Navigate, useLocation } from "react-router";
import { resolveLocalePath } from "../../lib/i18n/negotiate-locale";

/** `/`, and any URL without a supported locale, go to the same place in the browser's best locale. */
export function PreferredLocaleRedirect() {
  const { pathname, search } = useLocation();
  return <Navigate replace to={resolveLocalePath(pathname + search, navigator.languages)} />;
}
