import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import type { Workspace } from "./types";
import { workspaceQueryKeys } from "./workspace-query-keys";

/** The workspaces the signed-in person belongs to (RLS shows only those), by name. */
export async function listWorkspaces(): Promise<Workspace[]> {
  const { data, error } = await getSupabase().from("workspaces").select("id, name, slug, created_at").order("name");
  if (error) throw error;
  return data as Workspace[];
}

export function useWorkspaces() {
  return useQuery({ queryKey: workspaceQueryKeys.list(), queryFn: listWorkspaces });
}
