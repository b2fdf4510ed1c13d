import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useCustomEmoji } from "../../../lib/custom-emoji/workspace-emoji";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { isWorkspaceAdmin, useMyWorkspaceRole } from "../../../lib/workspace/workspace-members";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { AddEmojiForm } from "../components/add-emoji-form";
import { EmojiList } from "../components/emoji-list";
import "../custom-emoji.css";

/** `/:locale/w/:slug/emoji` — the workspace's custom emoji; admins add (name and image) and remove them. */
export function CustomEmojiPage() {
  const t = useTranslate();
  const workspace = useCurrentWorkspace();
  const emoji = useCustomEmoji(workspace.id);
  const isAdmin = isWorkspaceAdmin(useMyWorkspaceRole(workspace.id, workspace.userId));

  return (
    <section className="custom-emoji-page" aria-labelledby="custom-emoji-title">
      <title>{t("app.documentTitle", { page: t("customEmoji.title") })}</title>
      <div id="custom-emoji-title">
        <PageHeading>{t("customEmoji.title")}</PageHeading>
      </div>
      <p>{t("customEmoji.intro")}</p>
      {isAdmin ? <AddEmojiForm workspaceId={workspace.id} /> : <p>{t("customEmoji.adminsOnly")}</p>}
      {emoji.isPending && <Spinner />}
      {emoji.isError && <LoadError message="customEmoji.loadError" onRetry={() => void emoji.refetch()} />}
      {emoji.data && <EmojiList workspaceId={workspace.id} emoji={emoji.data} canManage={isAdmin} />}
    </section>
  );
}
