import { useMutation } from "@tanstack/react-query";
import { FunctionCallError, functionErrorCode } from "../../../lib/function-error";
import { getSupabase } from "../../../lib/supabase";

/**
 * The workspace's export archive (a zip) from the `export-workspace` edge function, which answers
 * `application/octet-stream` so supabase-js hands back a Blob. Owners only; any refusal or failure
 * throws a FunctionCallError with the function's error code.
 */
export async function exportWorkspace(workspaceId: string): Promise<Blob> {
  const { data, error } = await getSupabase().functions.invoke("export-workspace", {
    body: { workspace_id: workspaceId },
  });
  if (error) throw new FunctionCallError(await functionErrorCode(error));
  if (!(data instanceof Blob)) throw new FunctionCallError("unknown");
  return data;
}

export function useExportWorkspace(workspaceId: string) {
  return useMutation({ mutationFn: () => exportWorkspace(workspaceId) });
}
