import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useLocaleNavigate } from "../../../lib/i18n/use-locale-navigate";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useWorkspaceMembers } from "../../../lib/workspace/workspace-members";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useOpenDirectConversation } from "../api/open-direct-conversation";
import { PeoplePicker } from "../components/people-picker";
import "../direct-messages.css";

/**
 * `/:locale/w/:slug/dm/new` — "New message": choose one to eight teammates and open the DM of you and
 * them (the same people reopen the same one). `?to=<user id>` (a member's "Message" link) opens the
 * DM with that person straight away, replacing this page in the history.
 */
export function NewMessagePage() {
  const t = useTranslate();
  const workspace = useCurrentWorkspace();
  const navigate = useLocaleNavigate();
  const [params] = useSearchParams();
  const members = useWorkspaceMembers(workspace.id);
  const open = useOpenDirectConversation(workspace.id);
  const [chosen, setChosen] = useState<string[]>([]);
  const openedFromLink = useRef(false);

  const { mutate } = open;
  const start = useCallback(
    (memberIds: string[]) =>
      mutate(memberIds, {
        onSuccess: (channelId) => navigate(`/w/${workspace.slug}/c/${channelId}`, { replace: true }),
      }),
    [mutate, navigate, workspace.slug],
  );

  const to = params.get("to");
  useEffect(() => {
    if (!to || openedFromLink.current) return;
    openedFromLink.current = true;
    start([to]);
  }, [to, start]);

  const others = members.data?.filter((member) => member.userId !== workspace.userId) ?? [];
  return (
    <section className="new-message" aria-labelledby="new-message-title">
      <title>{t("app.documentTitle", { page: t("directMessages.new.title") })}</title>
      <div id="new-message-title">
        <PageHeading>{t("directMessages.new.title")}</PageHeading>
      </div>
      <p>{t("directMessages.new.lead")}</p>
      {open.isError && (
        <Alert tone="error">
          <p>{t("directMessages.new.failed")}</p>
        </Alert>
      )}
      {members.isPending && <Spinner />}
      {members.isError && <LoadError message="members.loadError" onRetry={() => void members.refetch()} />}
      {members.data && (
        <form
          className="new-message__form"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen.length > 0) start(chosen);
          }}
        >
          <PeoplePicker people={others} chosen={chosen} onChange={setChosen} />
          <Button type="submit" pending={open.isPending} disabled={chosen.length === 0}>
            {t("directMessages.new.start", { count: chosen.length })}
          </Button>
        </form>
      )}
    </section>
  );
}
