import Bookmark from "lucide-react/icons/bookmark";
import BookmarkCheck from "lucide-react/icons/bookmark-check";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useSavedMessages, useToggleSaved } from "../api/saved-messages";

/** Saves a message for later in the caller's private "Saved" list, or removes it from there. */
export function SaveToggle({ messageId }: { messageId: string }) {
  const t = useTranslate();
  const saved = useSavedMessages().data?.some((message) => message.id === messageId) ?? false;
  const toggle = useToggleSaved();
  const label = saved ? t("channels.actions.unsave") : t("channels.actions.save");
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={label}
      title={label}
      aria-busy={toggle.isPending || undefined}
      onClick={() => toggle.mutate({ messageId, saved })}
    >
      {saved ? <BookmarkCheck size={16} aria-hidden="true" /> : <Bookmark size={16} aria-hidden="true" />}
    </button>
  );
}
