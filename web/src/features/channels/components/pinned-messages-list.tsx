import { Button } from "../../../components/ui/button";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { usePeople } from "../api/list-people";
import { usePins, useTogglePin } from "../api/pins";
import { MessageSummary } from "./message-summary";

/** A conversation's pins, each with an Unpin button (the body of `PinnedMessagesButton`'s dialog, loaded on its first opening). */
export function PinnedMessagesList({ channelId, canPost }: { channelId: string; canPost: boolean }) {
  const t = useTranslate();
  const pins = usePins(channelId);
  const people = usePeople();
  const toggle = useTogglePin(channelId);
  if ((pins.data?.length ?? 0) === 0) return <p>{t("channels.pins.empty")}</p>;
  return (
    <ul className="panel-dialog__list">
      {pins.data?.map((message) => (
        <MessageSummary key={message.id} message={message} people={people.data}>
          {canPost && (
            <Button
              variant="link"
              pending={toggle.isPending}
              onClick={() => toggle.mutate({ messageId: message.id, pinned: true })}
            >
              {t("channels.actions.unpin")}
            </Button>
          )}
        </MessageSummary>
      ))}
    </ul>
  );
}
