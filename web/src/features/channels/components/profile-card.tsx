import { useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { useLocale } from "../../../lib/i18n/locale-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useAwayUserIds, useOnlineUserIds } from "../../../lib/workspace/workspace-presence";
import { useOpenDirectMessage } from "../api/open-direct-message";
import { usePersonCard } from "../api/person-card";
import { useChat } from "./chat-context";

/**
 * A person's profile card (the body of `ProfileCardButton`'s dialog, loaded on its first opening):
 * handle, whether they are active, away (idle) or offline, status (with "do not disturb"), their
 * local time, and a Message button that opens the DM with them (`onClose` then closes the dialog).
 */
export function ProfileCard({ userId, onClose }: { userId: string; onClose: () => void }) {
  const t = useTranslate();
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const { slug } = useCurrentWorkspace();
  const chat = useChat();
  const card = usePersonCard(userId, true);
  const openDm = useOpenDirectMessage(chat.workspaceId);
  const person = card.data;
  const online = useOnlineUserIds(chat.workspaceId).has(userId);
  const away = useAwayUserIds(chat.workspaceId).has(userId);
  const presence = online
    ? away
      ? t("channels.profile.away")
      : t("channels.profile.active")
    : t("channels.profile.offline");
  const localTime = person?.time_zone
    ? intl.formatDate(new Date(), { timeZone: person.time_zone, timeStyle: "short" })
    : null;
  const message = () =>
    openDm.mutate(userId, {
      onSuccess: (channelId) => {
        onClose();
        void navigate(`/${locale}/w/${slug}/c/${channelId}`);
      },
    });
  if (card.isPending) return <Spinner />;
  if (!person) return null;
  return (
    <div className="profile-card">
      <p className="panel-dialog__meta">@{person.username}</p>
      <p className="profile-card__presence">{presence}</p>
      {person.status && (
        <p className="profile-card__status" dir="auto">
          {person.status.emoji && <span aria-hidden="true">{person.status.emoji} </span>}
          {person.status.text}
        </p>
      )}
      {person.status?.do_not_disturb && <p className="profile-card__dnd">{t("channels.profile.doNotDisturb")}</p>}
      {localTime && <p>{t("channels.profile.localTime", { time: localTime })}</p>}
      {person.id !== chat.me && (
        <Button pending={openDm.isPending} onClick={message}>
          {t("channels.profile.message")}
        </Button>
      )}
    </div>
  );
}
