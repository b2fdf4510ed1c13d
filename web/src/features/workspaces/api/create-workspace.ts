import { useMutation, useQueryClient } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import type { Workspace } from "./types";
import { workspaceQueryKeys } from "./workspace-query-keys";

/** Creates a workspace through the `create_workspace` RPC: the caller becomes owner and `#general` exists. */
export async function createWorkspace(input: { name: string; slug: string }): Promise<Workspace> {
  const { data, error } = await getSupabase().rpc("create_workspace", { name: input.name, slug: input.slug });
  if (error) throw error;
  return data as Workspace;
}

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createWorkspace,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspaceQueryKeys.list() }),
  });
}
