import Check from "lucide-react/icons/check";
import ChevronsUpDown from "lucide-react/icons/chevrons-up-down";
import { useId, useRef } from "react";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useDisclosure } from "../../../lib/shell/use-disclosure";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useWorkspaces } from "../api/list-workspaces";
import type { Workspace } from "../api/types";

/**
 * The workspace's name at the top of the sidebar; it opens a list of the person's other workspaces
 * and "All workspaces" (where a new one is created). A disclosure: Esc or a click outside closes it.
 */
export function WorkspaceSwitcher({ workspace }: { workspace: Workspace }) {
  const t = useTranslate();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useDisclosure(root, toggle);
  const workspaces = useWorkspaces();

  return (
    <div ref={root} className="workspace-switcher" onKeyDown={menu.onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className="workspace-switcher__toggle"
        aria-expanded={menu.open}
        aria-controls={panelId}
        aria-label={t("workspaces.switcher.open", { workspace: workspace.name })}
        onClick={menu.flip}
      >
        <span className="workspace-switcher__name">{workspace.name}</span>
        <ChevronsUpDown size={16} aria-hidden="true" />
      </button>
      <div id={panelId} className="workspace-switcher__panel" hidden={!menu.open}>
        <ul className="channel-sidebar__list">
          {(workspaces.data ?? []).map((item) => (
            <li key={item.id}>
              <LocaleLink
                to={`/w/${item.slug}`}
                className="channel-sidebar__link"
                aria-current={item.id === workspace.id ? "true" : undefined}
              >
                <span className="channel-sidebar__name">{item.name}</span>
                {item.id === workspace.id && <Check size={16} aria-hidden="true" />}
              </LocaleLink>
            </li>
          ))}
        </ul>
        <LocaleLink to="/w" className="channel-sidebar__link">
          {t("workspaces.shell.backToList")}
        </LocaleLink>
      </div>
    </div>
  );
}
