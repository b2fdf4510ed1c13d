import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { keyboardNavigationKeys } from "./keyboard-navigation-keys";

/** The id of the workspace with this slug, or `null` when the caller cannot see it (RLS: members only). */
export async function getWorkspaceId(slug: string): Promise<string | null> {
  const { data, error } = await getSupabase().from("workspaces").select("id").eq("slug", slug).maybeSingle();
  if (error) throw error;
  return data?.id ?? null;
}

export function useWorkspaceId(slug: string) {
  return useQuery({
    queryKey: keyboardNavigationKeys.workspace(slug),
    queryFn: () => getWorkspaceId(slug),
    enabled: slug !== "",
  });
}
