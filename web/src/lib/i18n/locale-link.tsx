import type { AnchorHTMLAttributes, MouseEvent, Ref } from "react";
import { useHref, useLinkClickHandler, type To } from "react-router";
import { useLocale } from "./locale-context";
import { localizeTo } from "./localize-path";

export type LocaleLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * A link that stays in the current locale: on `/de/…`, `<LocaleLink to="/settings">` goes to
 * `/de/settings`. Write app paths without a locale; pass a relative path to stay in place.
 *
 * Built on react-router's `useHref` and `useLinkClickHandler`, as its docs suggest for a custom
 * link, rather than on its `<Link>`, which brings the framework mode's prefetching and view
 * transitions to every page. A plain click navigates in the app; a modified click (new tab or
 * window) or another `target` is left to the browser, as with `<Link>`.
 */
export function LocaleLink({ to, replace, state, target, onClick, ...props }: LocaleLinkProps) {
  const locale = useLocale();
  const destination = localizeTo(locale, to);
  const href = useHref(destination);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(destination, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...props} href={href} target={target} onClick={handleClick} />;
}
