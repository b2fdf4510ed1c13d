import { useMemo, useSyncExternalStore } from "react";
import { useSession } from "../auth/auth-state";
import { channelOfDraftKey, draftKey, readDrafts, subscribeToDrafts, type Draft, type DraftScope } from "./draft-store";

const none: Readonly<Record<string, Draft>> = Object.freeze({});

function useMyDrafts() {
  const userId = useSession()?.user.id ?? null;
  const drafts = useSyncExternalStore(subscribeToDrafts, () => (userId ? readDrafts(userId) : none));
  return { userId, drafts };
}

/** The signed-in person's draft for a composer, or null. */
export function useDraft(scope: DraftScope): Draft | null {
  return useMyDrafts().drafts[draftKey(scope)] ?? null;
}

/**
 * The conversations in which the signed-in person has an unsent draft (in the conversation or in
 * one of its threads), for the sidebar's draft mark.
 *
 * @example const withDrafts = useConversationsWithDrafts(); withDrafts.has(channel.id)
 */
export function useConversationsWithDrafts(): ReadonlySet<string> {
  const { drafts } = useMyDrafts();
  return useMemo(() => new Set(Object.keys(drafts).map(channelOfDraftKey)), [drafts]);
}
