import { useQuery } from "@tanstack/react-query";
import { getSupabase } from "../../../lib/supabase";
import { channelQueryKeys } from "./channel-query-keys";
import type { Person } from "./types";

/** Profiles the caller may see (people sharing a workspace), by id, to name message authors. */
export async function listPeople(): Promise<Map<string, Person>> {
  const { data, error } = await getSupabase().from("profiles").select("id, display_name, username, avatar_path");
  if (error) throw error;
  return new Map((data as Person[]).map((person) => [person.id, person]));
}

export function usePeople() {
  return useQuery({ queryKey: channelQueryKeys.people(), queryFn: listPeople, staleTime: 60_000 });
}
