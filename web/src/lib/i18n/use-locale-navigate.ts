import { useCallback } from "react";
import { useNavigate, type NavigateOptions, type To } from "react-router";
import { useLocale } from "./locale-context";
import { localizeTo } from "./localize-path";

/**
 * `useNavigate()` that stays in the current locale: `navigate("/settings")` on `/ja/…` goes to
 * `/ja/settings`. A number moves through history as usual.
 */
export function useLocaleNavigate(): (to: To | number, options?: NavigateOptions) => void {
  const navigate = useNavigate();
  const locale = useLocale();
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === "number") void navigate(to);
      else void navigate(localizeTo(locale, to), options);
    },
    [navigate, locale],
  );
}
