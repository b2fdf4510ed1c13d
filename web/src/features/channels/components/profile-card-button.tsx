import { useState } from "react";
import { useIntl } from "react-intl";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { PanelDialog } from "../../../components/ui/panel-dialog";
import { Spinner } from "../../../components/ui/spinner";
import { useLocale } from "../../../lib/i18n/locale-context";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useAwayUserIds, useOnlineUserIds } from "../../../lib/workspace/workspace-presence";
import { useOpenDirectMessage } from "../api/open-direct-message";
import { usePersonCard } from "../api/person-card";
import { useChat } from "./chat-context";

/**
 * A message author's name; it opens their profile card: name, handle, whether they are active, away
 * (idle) or offline, status (with "do not disturb"), their local time, and a Message button that opens the DM with them.
 */
export function ProfileCardButton({ userId, name }: { userId: string; name: string }) {
  const t = useTranslate();
  const intl = useIntl();
  const locale = useLocale();
  const navigate = useNavigate();
  const { slug } = useCurrentWorkspace();
  const chat = useChat();
  const [open, setOpen] = useState(false);
  const card = usePersonCard(userId, open);
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
        setOpen(false);
        void navigate(`/${locale}/w/${slug}/c/${channelId}`);
      },
    });
  return (
    <PanelDialog
      open={open}
      onOpenChange={setOpen}
      title={name}
      closeLabel={t("channels.panel.close")}
      trigger={
        <button type="button" className="message__author message__author-button">
          {name}
        </button>
      }
    >
      {card.isPending ? (
        <Spinner />
      ) : (
        person && (
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
        )
      )}
    </PanelDialog>
  );
}
