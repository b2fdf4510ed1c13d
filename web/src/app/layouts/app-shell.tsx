import MessagesSquare from "lucide-react/icons/messages-square";
import { Suspense, type MouseEvent } from "react";
import { Outlet, useMatch } from "react-router";
import { ConnectionStatus } from "../../features/home/components/connection-status";
import { backendConfigResult } from "../../lib/backend-config";
import { BackendConfigContext } from "../../lib/backend-config-context";
import { LocaleLink } from "../../lib/i18n/locale-link";
import { useTranslate } from "../../lib/i18n/use-translate";
import { useNavigationPending } from "../../lib/navigation-pending";
import { AccountControlsSlot } from "../../lib/shell/account-controls-slot";
import { useVisualViewportHeight } from "../../lib/shell/use-visual-viewport-height";
import { ConfigurationErrorPage } from "../routing/lazy-pages";
import { AccountMenu } from "./account-menu";
import { UserMenu } from "./lazy-user-menu";
import "./app-shell.css";

const mainId = "main-content";

/**
 * Skip link, then either a page (header with home, account or sign-in, language, theme; the page
 * below) or, inside a workspace, the full-height, full-width workspace frame, whose sidebar carries
 * the user menu. The connection notice appears above either only while the backend is unreachable.
 */
export function AppShell() {
  const t = useTranslate();
  const navigating = useNavigationPending();
  const inWorkspace = useMatch("/:locale/w/:slug/*") !== null && backendConfigResult.ok;
  useVisualViewportHeight();

  function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault(); // a hash change would count as a navigation
    document.getElementById(mainId)?.focus();
  }

  const frame = (
    <div className="app-shell" data-layout={inWorkspace ? "workspace" : "page"}>
      <a className="skip-link" href={`#${mainId}`} onClick={skipToMain}>
        {t("app.skipToContent")}
      </a>
      {!inWorkspace && (
        <header className="app-header">
          <LocaleLink to="/" className="app-header__brand" aria-label={t("app.homeLink")}>
            <MessagesSquare size={24} aria-hidden="true" />
            <span>{t("app.name")}</span>
          </LocaleLink>
          <div className="app-header__controls">
            <AccountMenu backendReady={backendConfigResult.ok} />
          </div>
        </header>
      )}
      <div className="navigation-progress" data-active={navigating} aria-hidden="true" />
      {backendConfigResult.ok && <ConnectionStatus />}
      <main id={mainId} tabIndex={-1} className="app-main" aria-busy={navigating || undefined}>
        {backendConfigResult.ok ? (
          <AccountControlsSlot value={<UserMenu />}>
            <Outlet />
          </AccountControlsSlot>
        ) : (
          // Only a misconfigured build shows it, so it loads then, not with every page.
          <Suspense fallback={null}>
            <ConfigurationErrorPage problems={backendConfigResult.problems} />
          </Suspense>
        )}
      </main>
    </div>
  );
  return backendConfigResult.ok ? (
    <BackendConfigContext value={backendConfigResult.config}>{frame}</BackendConfigContext>
  ) : (
    frame
  );
}
