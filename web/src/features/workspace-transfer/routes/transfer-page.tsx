import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useMyWorkspaceRole, useWorkspaceMembers } from "../../../lib/workspace/workspace-members";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { ExportSection } from "../components/export-section";
import { ImportSection } from "../components/import-section";
import "../workspace-transfer.css";

/**
 * `/:locale/w/:slug/transfer` — an owner exports the workspace or imports a Slack export. Owners
 * only (the functions refuse everyone else too): an export holds every member's words, and an
 * import creates accounts and writes messages in other people's names.
 */
export function TransferPage() {
  const t = useTranslate();
  const workspace = useCurrentWorkspace();
  const members = useWorkspaceMembers(workspace.id);
  const role = useMyWorkspaceRole(workspace.id, workspace.userId);

  return (
    <section className="transfer-page" aria-labelledby="transfer-title">
      <title>{t("app.documentTitle", { page: t("transfer.title") })}</title>
      <div id="transfer-title">
        <PageHeading>{t("transfer.title")}</PageHeading>
      </div>
      {members.isPending && <Spinner />}
      {members.data && role !== "owner" && <p>{t("transfer.ownersOnly")}</p>}
      {role === "owner" && (
        <>
          <ExportSection workspace={workspace} />
          <ImportSection workspaceId={workspace.id} />
        </>
      )}
    </section>
  );
}
