import { PageHeading } from "../../../components/ui/page-heading";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { CreateWorkspaceForm } from "./create-workspace-form";
import { JoinByInvitationForm } from "./join-by-invitation-form";
import "../workspaces.css";

/** A first-time person with no workspace: start one, or join one from an invitation link. */
export function Onboarding() {
  const t = useTranslate();
  return (
    <div className="onboarding">
      <title>{t("app.documentTitle", { page: t("onboarding.title") })}</title>
      <PageHeading>{t("onboarding.title")}</PageHeading>
      <p className="lead">{t("onboarding.intro")}</p>
      <div className="onboarding__choices">
        <CreateWorkspaceForm />
        <JoinByInvitationForm />
      </div>
    </div>
  );
}
