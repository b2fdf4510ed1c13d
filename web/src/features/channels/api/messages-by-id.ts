import { getSupabase } from "../../../lib/supabase";
import { messageColumns } from "./columns";
import type { Message } from "./types";

/** The messages with these ids that the caller may read, in the order of `ids`. */
export async function messagesById(ids: readonly string[]): Promise<Message[]> {
  if (ids.length === 0) return [];
  const { data, error } = await getSupabase()
    .from("messages")
    .select(messageColumns)
    .in("id", [...ids]);
  if (error) throw error;
  const byId = new Map((data as Message[]).map((message) => [message.id, message]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
