import { Link, type LinkProps } from "react-router";
import { useLocale } from "./locale-context";
import { localizeTo } from "./localize-path";

/**
 * A `<Link>` that stays in the current locale: on `/de/…`, `<LocaleLink to="/settings">` goes to
 * `/de/settings`. Write app paths without a locale; pass a relative path to stay in place.
 */
export function LocaleLink({ to, ...props }: LinkProps) {
  const locale = useLocale();
  return <Link to={localizeTo(locale, to)} {...props} />;
}
