import { NavLink, Outlet } from "react-router";
import { useLocale } from "../../../lib/i18n/locale-context";
import { localizePath } from "../../../lib/i18n/localize-path";
import { useTranslate } from "../../../lib/i18n/use-translate";
import "./account.css";

/** `/:locale/account/…` — the account & security center: a section menu and the section. */
export function AccountLayout() {
  const t = useTranslate();
  const locale = useLocale();
  const sections = [
    { path: "/account/profile", label: t("account.nav.profile") },
    { path: "/account/security", label: t("account.nav.security") },
    { path: "/account/sessions", label: t("account.nav.sessions") },
    { path: "/account/notifications", label: t("account.nav.notifications") },
  ];
  return (
    <div className="account">
      <nav className="account__nav" aria-label={t("account.nav.label")}>
        <ul>
          {sections.map(({ path, label }) => (
            <li key={path}>
              <NavLink to={localizePath(locale, path)}>{label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account__section">
        <Outlet />
      </div>
    </div>
  );
}
