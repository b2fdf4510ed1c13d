import { FunctionsHttpError, type SupabaseClient } from "@supabase/supabase-js";

export interface FunctionAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Calls an edge function the way the app does (supabase-js `functions.invoke`) and returns the
 * status and JSON body whatever the outcome.
 * @example const { status, body } = await invokeFunction(client, "invite-member", { email });
 */
export async function invokeFunction(
  client: SupabaseClient,
  name: string,
  body: Record<string, unknown>,
): Promise<FunctionAnswer> {
  const { data, error } = await client.functions.invoke(name, { body });
  if (error instanceof FunctionsHttpError) {
    const response = error.context as Response;
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }
  if (error) throw error;
  return { status: 200, body: data as Record<string, unknown> };
}
