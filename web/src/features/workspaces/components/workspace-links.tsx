import ArrowDownUp from "lucide-react/icons/arrow-down-up";
import Bookmark from "lucide-react/icons/bookmark";
import Search from "lucide-react/icons/search";
import Smile from "lucide-react/icons/smile";
import Users from "lucide-react/icons/users";
import { useMatch } from "react-router";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useMyWorkspaceRole } from "../../../lib/workspace/workspace-members";
import type { Workspace } from "../api/types";

/** Workspace-wide pages (saved messages, search, members, custom emoji, export and import for owners), above the conversations. */
export function WorkspaceLinks({ workspace, userId }: { workspace: Workspace; userId: string }) {
  const t = useTranslate();
  const onSaved = useMatch("/:locale/w/:slug/saved");
  const onSearch = useMatch("/:locale/w/:slug/search");
  const onMembers = useMatch("/:locale/w/:slug/members");
  const onTransfer = useMatch("/:locale/w/:slug/transfer");
  const onEmoji = useMatch("/:locale/w/:slug/emoji");
  const isOwner = useMyWorkspaceRole(workspace.id, userId) === "owner";
  return (
    <ul className="channel-sidebar__list workspace-links">
      <li>
        <LocaleLink
          to={`/w/${workspace.slug}/saved`}
          className="channel-sidebar__link"
          aria-current={onSaved ? "page" : undefined}
        >
          <Bookmark size={16} aria-hidden="true" />
          <span className="channel-sidebar__name">{t("shell.saved")}</span>
        </LocaleLink>
      </li>
      <li>
        <LocaleLink
          to={`/w/${workspace.slug}/search`}
          className="channel-sidebar__link"
          aria-current={onSearch ? "page" : undefined}
        >
          <Search size={16} aria-hidden="true" />
          <span className="channel-sidebar__name">{t("shell.search")}</span>
        </LocaleLink>
      </li>
      <li>
        <LocaleLink
          to={`/w/${workspace.slug}/members`}
          className="channel-sidebar__link"
          aria-current={onMembers ? "page" : undefined}
        >
          <Users size={16} aria-hidden="true" />
          <span className="channel-sidebar__name">{t("shell.members")}</span>
        </LocaleLink>
      </li>
      <li>
        <LocaleLink
          to={`/w/${workspace.slug}/emoji`}
          className="channel-sidebar__link"
          aria-current={onEmoji ? "page" : undefined}
        >
          <Smile size={16} aria-hidden="true" />
          <span className="channel-sidebar__name">{t("shell.customEmoji")}</span>
        </LocaleLink>
      </li>
      {isOwner && (
        <li>
          <LocaleLink
            to={`/w/${workspace.slug}/transfer`}
            className="channel-sidebar__link"
            aria-current={onTransfer ? "page" : undefined}
          >
            <ArrowDownUp size={16} aria-hidden="true" />
            <span className="channel-sidebar__name">{t("shell.transfer")}</span>
          </LocaleLink>
        </li>
      )}
    </ul>
  );
}
