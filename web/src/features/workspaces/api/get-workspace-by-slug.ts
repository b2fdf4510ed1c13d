import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import type { Workspace } from "./types";
import { workspaceQueryKeys } from "./workspace-query-keys";

/** One workspace by its slug; `null` when it does not exist or the caller is not a member. */
export async function getWorkspaceBySlug(slug: string): Promise<Workspace | null> {
  const { data, error } = await getSupabase()
    .from("workspaces")
    .select("id, name, slug, created_at")
    .eq("slug", slug)
    .maybeSingle();
  if (error) throw error;
  return data as Workspace | null;
}

export function useWorkspaceBySlug(slug: string) {
  return useQuery({ queryKey: workspaceQueryKeys.bySlug(slug), queryFn: () => getWorkspaceBySlug(slug) });
}
