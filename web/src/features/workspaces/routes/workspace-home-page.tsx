import { PageHeading } from "../../../components/ui/page-heading";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";

/** `/:locale/w/:slug` with no channel open: the workspace's name and a nudge to the sidebar. */
export function WorkspaceHomePage() {
  const t = useTranslate();
  const { name } = useCurrentWorkspace();
  return (
    <>
      <title>{t("app.documentTitle", { page: name })}</title>
      <PageHeading>{name}</PageHeading>
      <p>{t("workspaces.shell.pickChannel")}</p>
    </>
  );
}
