import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { useTranslate } from "../../../lib/i18n/use-translate";
import type { MessageId } from "../../../lib/i18n/messages";
import { useOnlineUserIds } from "../../../lib/workspace/workspace-presence";
import type { WorkspaceMember, WorkspaceRole } from "../../../lib/workspace/workspace-members";
import type { CurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useChangeRole } from "../api/change-role";
import { MemberChangeError } from "../api/member-change-error";
import { useRemoveMember } from "../api/remove-member";
import { MemberRow } from "./member-row";

type Outcome = { tone: "success" | "error"; text: string };

const problemMessages: Record<MemberChangeError["problem"], MessageId> = {
  forbidden: "members.error.forbidden",
  lastOwner: "members.error.lastOwner",
  failed: "members.error.failed",
};

/** The workspace's members with presence, role changes and removal; the outcome is announced. */
export function MemberList({
  workspace,
  members,
  myRole,
}: {
  workspace: CurrentWorkspace;
  members: WorkspaceMember[];
  myRole: WorkspaceRole | undefined;
}) {
  const t = useTranslate();
  const online = useOnlineUserIds(workspace.id);
  const changeRole = useChangeRole(workspace.id);
  const remove = useRemoveMember(workspace.id);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const fail = (error: unknown) =>
    setOutcome({
      tone: "error",
      text: t(problemMessages[error instanceof MemberChangeError ? error.problem : "failed"]),
    });

  return (
    <section aria-labelledby="members-list-title" className="members-section">
      <h2 id="members-list-title">{t("members.count", { count: members.length })}</h2>
      {outcome && (
        <Alert tone={outcome.tone}>
          <p>{outcome.text}</p>
        </Alert>
      )}
      <ul className="member-list">
        {members.map((member) => (
          <MemberRow
            key={member.userId}
            member={member}
            isSelf={member.userId === workspace.userId}
            online={online.has(member.userId)}
            workspaceName={workspace.name}
            myRole={myRole}
            pending={changeRole.isPending || remove.isPending}
            onChangeRole={(role) =>
              changeRole.mutate(
                { userId: member.userId, role },
                {
                  onSuccess: () => setOutcome({ tone: "success", text: t("members.roleSaved", { name: member.name }) }),
                  onError: fail,
                },
              )
            }
            onRemove={() =>
              remove.mutate(member.userId, {
                onSuccess: () => setOutcome({ tone: "success", text: t("members.removed", { name: member.name }) }),
                onError: fail,
              })
            }
          />
        ))}
      </ul>
    </section>
  );
}
