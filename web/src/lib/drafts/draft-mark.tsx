import Pencil from "lucide-react/icons/pencil";
import { useTranslate } from "../i18n/use-translate";
import { useConversationsWithDrafts } from "./use-drafts";
import "./draft-mark.css";

/**
 * A pencil beside a conversation in the sidebar while the signed-in person has an unsent draft
 * in it (or in one of its threads); nothing otherwise. Named for screen readers as "Draft".
 *
 * @example <DraftMark conversationId={channel.id} />
 */
export function DraftMark({ conversationId }: { conversationId: string }) {
  const t = useTranslate();
  const withDrafts = useConversationsWithDrafts();
  if (!withDrafts.has(conversationId)) return null;
  return (
    <span className="draft-mark" title={t("channels.drafts.marker")} data-draft="">
      <Pencil size={14} aria-hidden="true" />
      <span className="visually-hidden">{t("channels.drafts.marker")}</span>
    </span>
  );
}
