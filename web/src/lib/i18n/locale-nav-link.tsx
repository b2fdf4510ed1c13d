import { useMatch, useResolvedPath } from "react-router";
import { useLocale } from "./locale-context";
import { LocaleLink, type LocaleLinkProps } from "./locale-link";
import { localizeTo } from "./localize-path";

/**
 * A {@link LocaleLink} that says when it leads to the page on screen, or to one below it, with
 * `aria-current="page"` (as react-router's `<NavLink>` does; the styles select on it).
 *
 * @example <LocaleNavLink to="/account/profile">Profile</LocaleNavLink>
 */
export function LocaleNavLink({ to, ...props }: LocaleLinkProps) {
  const locale = useLocale();
  const { pathname } = useResolvedPath(localizeTo(locale, to));
  const current = useMatch({ path: pathname, end: false }) !== null;
  return <LocaleLink to={to} aria-current={current ? "page" : undefined} {...props} />;
}
