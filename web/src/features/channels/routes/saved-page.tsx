import { useEffect, useRef } from "react";
import { LoadError } from "../../../components/ui/load-error";
import { PageHeading } from "../../../components/ui/page-heading";
import { Spinner } from "../../../components/ui/spinner";
import { useTranslate } from "../../../lib/i18n/use-translate";
import { useDirectConversations, useDirectConversationTitle } from "../../../lib/workspace/direct-conversations";
import { useCurrentWorkspace } from "../../../lib/workspace/workspace-outlet";
import { useConversationsById, type ConversationName } from "../api/conversations-by-id";
import { usePeople } from "../api/list-people";
import { useSavedMessages, useToggleSaved } from "../api/saved-messages";
import { SavedEntry } from "../components/saved-entry";
import { useShownMessages } from "../hooks/use-shown-messages";
import "../styles/saved-page.css";

/**
 * `/:locale/w/:slug/saved` — the person's own saved messages in this workspace, most recently saved
 * first, each opening the message in its conversation, each removable once done. Private: the
 * policies on `saved_messages` show each person only their own.
 */
export function SavedPage() {
  const t = useTranslate();
  const workspace = useCurrentWorkspace();
  const saved = useSavedMessages();
  // A saved message with Markdown waits for the parser with the rest, rather than blanking the page.
  const shownSaved = useShownMessages(saved.data);
  const people = usePeople();
  const conversations = useConversationsById(
    workspace.id,
    (saved.data ?? []).map((message) => message.channel_id),
  );
  const directs = useDirectConversations(workspace.id, workspace.userId);
  const directTitle = useDirectConversationTitle();
  const remove = useToggleSaved();
  const list = useRef<HTMLUListElement>(null);

  const nameOf = (conversation: ConversationName) => {
    if (conversation.kind !== "direct") return t("channels.view.title", { channel: conversation.name });
    const direct = directs.data?.find((item) => item.id === conversation.id);
    return direct && direct.others.length > 0 ? directTitle(direct) : t("directMessages.onlyYou");
  };
  // Saved items of other workspaces are on their own Saved pages.
  const items = (shownSaved ?? []).flatMap((message) => {
    const conversation = conversations.data?.get(message.channel_id);
    return conversation ? [{ message, conversation: nameOf(conversation) }] : [];
  });

  // After a removal, once the entry has left the list, focus goes to the entry that took its place
  // (or the one before, or the heading) — not earlier, or it would land on the leaving entry.
  const pendingFocus = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const removed = pendingFocus.current;
    if (removed === null || items.some(({ message }) => message.id === removed.id)) return;
    pendingFocus.current = null;
    const links = list.current?.querySelectorAll<HTMLElement>(".saved-entry__open") ?? [];
    const next = links[Math.min(removed.index, links.length - 1)];
    (next ?? document.querySelector<HTMLElement>(".saved-page h1"))?.focus();
  });

  return (
    <section className="saved-page" aria-labelledby="saved-title">
      <title>{t("app.documentTitle", { page: t("channels.saved.title") })}</title>
      <div id="saved-title">
        <PageHeading>{t("channels.saved.title")}</PageHeading>
      </div>
      {saved.isPending || conversations.isPending ? (
        <Spinner />
      ) : saved.isError || conversations.isError ? (
        <LoadError
          message="channels.saved.loadFailed"
          onRetry={() => void Promise.all([saved.refetch(), conversations.refetch()])}
        />
      ) : shownSaved === undefined ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="saved-page__empty">{t("channels.saved.empty")}</p>
      ) : (
        <>
          <p className="saved-page__note">{t("channels.saved.private")}</p>
          <ul ref={list} className="saved-page__list">
            {items.map(({ message, conversation }, index) => (
              <SavedEntry
                key={message.id}
                message={message}
                workspaceSlug={workspace.slug}
                conversation={conversation}
                people={people.data}
                me={workspace.userId}
                removing={remove.isPending && remove.variables.messageId === message.id}
                onRemove={() =>
                  remove.mutate(
                    { messageId: message.id, saved: true },
                    { onSuccess: () => (pendingFocus.current = { id: message.id, index }) },
                  )
                }
              />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
