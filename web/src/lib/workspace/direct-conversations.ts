import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { useIntl } from "react-intl";
import { getSupabase } from "../supabase";
import { arrayOf, isString, nullable, objectOf } from "../value-guards";
import { sharedWorkspaceKeys } from "./workspace-keys";

const areConversationRows = arrayOf(
  objectOf({
    id: isString,
    archived_at: nullable(isString),
    channel_members: arrayOf(
      objectOf({
        user_id: isString,
        profiles: nullable(objectOf({ display_name: nullable(isString), username: isString })),
      }),
    ),
  }),
);

/** A DM or group DM: its people other than the caller, by their current names. */
export type DirectConversation = {
  id: string;
  others: { userId: string; name: string }[];
};

/**
 * The caller's DMs in a workspace (RLS: a DM is visible to its people only, admins included), with
 * the other people's current names — a DM has no name of its own.
 */
export async function listDirectConversations(workspaceId: string, userId: string): Promise<DirectConversation[]> {
  const { data, error } = await getSupabase()
    .from("channels")
    // channel_members names profiles twice (user_id, added_by): the hint picks the member.
    .select("id, archived_at, channel_members(user_id, profiles!channel_members_user_id_fkey(display_name, username))")
    .eq("workspace_id", workspaceId)
    .eq("kind", "direct");
  if (error) throw error;
  if (!areConversationRows(data)) throw new Error("direct conversations: rows of an unexpected shape");
  return data.map((row) => ({
    id: row.id,
    others: row.channel_members
      .filter((member) => member.user_id !== userId)
      .map((member) => ({
        userId: member.user_id,
        name: member.profiles?.display_name || member.profiles?.username || "",
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  }));
}

/** The caller's DMs in a workspace, shared by the sidebar, the channel header and the new-message picker. */
export function useDirectConversations(workspaceId: string, userId: string) {
  return useQuery({
    queryKey: sharedWorkspaceKeys.directConversations(workspaceId),
    queryFn: () => listDirectConversations(workspaceId, userId),
    enabled: workspaceId !== "" && userId !== "",
  });
}

/** Names a DM by its other people in the active locale's list style ("Ana, Ben and Cleo"). */
export function useDirectConversationTitle(): (conversation: DirectConversation) => string {
  const intl = useIntl();
  return useCallback(
    (conversation) =>
      intl.formatList(
        conversation.others.map((person) => person.name),
        { type: "conjunction" },
      ),
    [intl],
  );
}
