import { useEffect } from "react";
import { PresenceDot } from "../../../components/ui/presence-dot";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useWorkspaceMembers } from "../../../lib/workspace/workspace-members";
import { useOnlineUserIds } from "../../../lib/workspace/workspace-presence";

/** Who else is in the workspace right now (realtime presence), each with a written status. */
export function OnlineMembers({ workspaceId, userId }: { workspaceId: string; userId: string }) {
  const t = useTranslate();
  const online = useOnlineUserIds(workspaceId);
  const members = useWorkspaceMembers(workspaceId);
  const list = members.data ?? [];
  const others = list.filter((member) => member.userId !== userId && online.has(member.userId));
  // Someone online who is not in the cached member list joined since it was loaded: reload it, once
  // per set of strangers — a presence sync that brings nobody new, or a stranger the reload still
  // does not list, asks for nothing more.
  const strangers = members.isSuccess
    ? [...online]
        .filter((id) => !list.some((member) => member.userId === id))
        .sort()
        .join()
    : "";
  const { refetch } = members;
  useEffect(() => {
    if (strangers) void refetch();
  }, [strangers, refetch]);

  return (
    <section className="online-members" aria-labelledby="online-members-title">
      <h2 id="online-members-title" className="channel-sidebar__title">
        {t("presence.title")}
      </h2>
      {others.length === 0 ? (
        <p className="online-members__nobody">{t("presence.nobody")}</p>
      ) : (
        <ul className="online-members__list">
          {others.map((member) => (
            <li key={member.userId} className="online-members__person">
              <PresenceDot online label={t("presence.online")} />
              <span>{member.name}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
