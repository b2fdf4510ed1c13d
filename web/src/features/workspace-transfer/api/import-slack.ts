import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FunctionCallError, invokeFunction } from "../../../lib/function-error";
import { getSupabase } from "../../../lib/supabase";
import { importSummarySchema, type ImportSummary } from "./import-summary";

/** The workspace-imports bucket's limit (see the workspace transfer migration). */
export const MAX_ARCHIVE_BYTES = 50 * 1024 * 1024;

export type ImportPhase = "uploading" | "importing";

/**
 * Imports a Slack export: uploads the .zip to the owners-only `workspace-imports` bucket under the
 * workspace's folder, then asks `import-slack` to import it (the function removes it afterwards).
 */
export async function importSlackArchive(
  workspaceId: string,
  file: File,
  onPhase: (phase: ImportPhase) => void,
): Promise<ImportSummary> {
  if (file.size > MAX_ARCHIVE_BYTES) throw new FunctionCallError("archive_too_large");
  onPhase("uploading");
  const objectPath = `${workspaceId}/${crypto.randomUUID()}.zip`;
  const { error } = await getSupabase()
    .storage.from("workspace-imports")
    .upload(objectPath, file, { contentType: "application/zip" });
  if (error) throw new FunctionCallError("upload_failed");
  onPhase("importing");
  return invokeFunction(
    () =>
      getSupabase().functions.invoke("import-slack", { body: { workspace_id: workspaceId, object_path: objectPath } }),
    importSummarySchema,
  );
}

/** The import as a mutation, with the phase it is in while pending. Imported data shows up everywhere. */
export function useImportSlack(workspaceId: string) {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ImportPhase>("uploading");
  const mutation = useMutation({
    mutationFn: (file: File) => importSlackArchive(workspaceId, file, setPhase),
    // An import adds channels, members and messages that other features cache under their own
    // keys: refetch everything rather than reach into their key factories.
    onSuccess: () => queryClient.invalidateQueries(),
  });
  return { ...mutation, phase };
}
