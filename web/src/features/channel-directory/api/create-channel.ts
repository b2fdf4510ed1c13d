import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "../../../lib/zod-mini";
import { getSupabase } from "../../../lib/supabase";
import { invalidateWorkspace } from "./invalidate-workspace";

/** Why creating a channel failed, as the form explains it. */
export type CreateProblem = "nameTaken" | "failed";

export class CreateChannelError extends Error {
  constructor(readonly problem: CreateProblem) {
    super(problem);
  }
}

/** Creates a public channel and joins it; returns its id. A name taken (ignoring case) is `nameTaken`. */
export async function createChannel(
  workspaceId: string,
  userId: string,
  input: { name: string; topic: string },
): Promise<string> {
  const client = getSupabase();
  const created = await client
    .from("channels")
    .insert({ workspace_id: workspaceId, name: input.name, topic: input.topic, created_by: userId })
    .select("id")
    .single();
  if (created.error) throw new CreateChannelError(created.error.code === "23505" ? "nameTaken" : "failed");
  const id = z.object({ id: z.string() }).parse(created.data).id;
  const joined = await client.from("channel_members").insert({ channel_id: id, user_id: userId });
  if (joined.error) throw new CreateChannelError("failed");
  return id;
}

export function useCreateChannel(workspaceId: string, userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; topic: string }) => createChannel(workspaceId, userId, input),
    onSettled: () => invalidateWorkspace(queryClient, workspaceId),
  });
}
