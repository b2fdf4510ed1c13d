// POST /functions/v1/export-workspace  {workspace_id}
//
// An owner downloads their workspace as a zip (layout in build-archive.ts): the workspace,
// members (names and addresses, no secrets), channels, messages with threads and reactions, and
// the attached files. Everything is read with the owner's own token, so the export holds what the
// owner can read in the app. Owners only: it is every member's words in one file.
// Files beyond 100 MiB in total are listed but left out (`file: null`).
//
// 200 application/octet-stream (the zip)
// 400 validation_failed, 401 not_authenticated, 403 not_workspace_owner
import { callerClient, requireCaller } from "../_shared/clients.ts";
import { corsHeaders } from "../_shared/cors.ts";
import { postHandler, readJsonObject } from "../_shared/http.ts";
import { requireUuid } from "../_shared/validate.ts";
import { requireWorkspaceOwner } from "../_shared/workspace-owner.ts";
import { buildArchive, filePath, type FileEntries } from "./build-archive.ts";
import { readWorkspace } from "./read-workspace.ts";

const MAX_FILE_BYTES = 100 * 1024 * 1024;

Deno.serve(
  postHandler(async (req) => {
    const caller = await requireCaller(req);
    const workspaceId = requireUuid(await readJsonObject(req), "workspace_id");
    const client = callerClient(caller);
    await requireWorkspaceOwner(client, workspaceId, caller.user.id);

    const data = await readWorkspace(client, workspaceId);
    const files: FileEntries = new Map();
    let budget = MAX_FILE_BYTES;
    for (const attachment of data.attachments) {
      if (attachment.size_bytes > budget) continue;
      const { data: blob } = await client.storage.from("attachments").download(attachment.object_path);
      if (!blob) continue;
      const bytes = new Uint8Array(await blob.arrayBuffer());
      budget -= bytes.length;
      files.set(attachment.id, { path: filePath(attachment), bytes });
    }

    const archive = buildArchive(data, files, caller.user.id);
    const date = new Date().toISOString().slice(0, 10);
    return new Response(archive as Uint8Array<ArrayBuffer>, {
      headers: {
        ...corsHeaders,
        "Content-Type": "application/octet-stream",
        "Content-Disposition": `attachment; filename="parley-${data.workspace.slug}-${date}.zip"`,
      },
    });
  }),
);
