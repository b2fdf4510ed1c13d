import { Outlet } from "react-router";
import { LocaleNavLink } from "../../../lib/i18n/locale-nav-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import "./account.css";

/** `/:locale/account/…` — the account & security center: a section menu and the section. */
export function AccountLayout() {
  const t = useTranslate();
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
              <LocaleNavLink to={path}>{label}</LocaleNavLink>
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
