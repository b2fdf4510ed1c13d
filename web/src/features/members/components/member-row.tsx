import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { PresenceDot } from "../../../components/ui/presence-dot";
import { LocaleLink } from "../../../lib/i18n/locale-link";
import { StatusMark } from "../../../lib/statuses/status-mark";
import { useTranslate } from "../../../lib/i18n/use-translate";
import {
  isWorkspaceAdmin,
  workspaceRoles,
  type WorkspaceMember,
  type WorkspaceRole,
} from "../../../lib/workspace/workspace-members";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { roleMessageId } from "./role-label";

type MemberRowProps = {
  member: WorkspaceMember;
  isSelf: boolean;
  online: boolean;
  workspaceName: string;
  /** The caller's role: admins change roles and remove; only owners appoint owners. */
  myRole: WorkspaceRole | undefined;
  pending: boolean;
  onChangeRole: (role: WorkspaceRole) => void;
  onRemove: () => void;
};

/** One member: name, email, presence (as text), join date, a "Message" link, and role/remove controls for admins. */
export function MemberRow({
  member,
  isSelf,
  online,
  workspaceName,
  myRole,
  pending,
  onChangeRole,
  onRemove,
}: MemberRowProps) {
  const t = useTranslate();
  const intl = useIntl();
  const selectId = useId();
  const [confirming, setConfirming] = useState(false);
  // A choice is saved with its button, not on change: arrow keys on a closed select change it too.
  const [role, setRole] = useState(member.role);
  const canManage = isWorkspaceAdmin(myRole);
  const workspaceSlug = useCurrentWorkspace().slug;
  const assignable = workspaceRoles.filter((role) => role !== "owner" || myRole === "owner" || member.role === "owner");
  return (
    <li className="member-row">
      <div className="member-row__who">
        <PresenceDot online={online} />
        <div>
          <p className="member-row__name">
            {isSelf ? t("members.you", { name: member.name }) : member.name}
            <StatusMark userId={member.userId} />
          </p>
          <p className="member-row__detail" dir="ltr">
            {member.email}
          </p>
          <p className="member-row__detail">
            {t(online ? "presence.online" : "presence.offline")} ·{" "}
            {t("members.joined", { date: intl.formatDate(member.joinedAt, { dateStyle: "medium" }) })}
          </p>
        </div>
      </div>
      <div className="member-row__actions">
        {!isSelf && (
          <LocaleLink
            to={`/w/${workspaceSlug}/dm/new?to=${encodeURIComponent(member.userId)}`}
            className="member-row__message"
          >
            {t("directMessages.messagePerson", { name: member.name })}
          </LocaleLink>
        )}
        {canManage ? (
          <>
            <label className="visually-hidden" htmlFor={selectId}>
              {t("members.roleOf", { name: member.name })}
            </label>
            <select id={selectId} value={role} onChange={(event) => setRole(event.target.value as WorkspaceRole)}>
              {assignable.map((role) => (
                <option key={role} value={role}>
                  {t(roleMessageId(role))}
                </option>
              ))}
            </select>
            {role !== member.role && (
              <Button variant="quiet" pending={pending} onClick={() => onChangeRole(role)}>
                {t("members.saveRole")}
              </Button>
            )}
          </>
        ) : (
          <span className="member-row__role-text">{t(roleMessageId(member.role))}</span>
        )}
        {canManage && !isSelf && (
          <ConfirmDialog
            trigger={
              <Button variant="quiet" aria-label={t("members.removeOf", { name: member.name })}>
                {t("members.remove")}
              </Button>
            }
            title={t("members.removeTitle", { name: member.name, workspace: workspaceName })}
            description={t("members.removeDescription")}
            confirmLabel={t("members.remove")}
            cancelLabel={t("members.cancel")}
            pending={pending}
            open={confirming}
            onOpenChange={setConfirming}
            onConfirm={() => {
              setConfirming(false);
              onRemove();
            }}
          />
        )}
      </div>
    </li>
  );
}
