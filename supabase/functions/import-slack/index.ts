// POST /functions/v1/import-slack  {workspace_id, object_path}
//
// Imports a Slack export archive into a workspace. The owner first uploads the .zip to the private
// `workspace-imports` bucket at <workspace_id>/<name>.zip (only owners may), then calls this with
// its path. The archive is read with the owner's own token, inflated within limits (zip bombs
// answer 400), and its channels, users (matched by email, else placeholder accounts), messages
// with threads, reactions and files are written with the service role — only after the caller is
// known to own the workspace, since writing other people's messages is beyond any client's rights.
// It writes only into channels it creates or public ones the owner is in, shows imported messages
// as "imported from Slack: <name>" (never as a member's own) and enrols nobody: see
// import-channels.ts and import-users.ts.
// Safe to run again: what an earlier run imported is recognised and not added twice.
// The uploaded archive is removed afterwards, whatever the outcome.
//
// 200 ImportSummary (see summary.ts)
// 400 invalid_archive | archive_too_large | validation_failed, 401 not_authenticated,
// 403 not_workspace_owner, 404 archive_not_found
import { adminClient, callerClient, requireCaller } from "../_shared/clients.ts";
import { readZip } from "../_shared/archive/read-zip.ts";
import { FunctionError, json, postHandler, readJsonObject } from "../_shared/http.ts";
import { requireString, requireUuid } from "../_shared/validate.ts";
import { requireWorkspaceOwner } from "../_shared/workspace-owner.ts";
import { importChannels } from "./import-channels.ts";
import { importChannelMessages } from "./import-messages.ts";
import { importUsers, savePlaceholders } from "./import-users.ts";
import { parseSlackArchive } from "./slack-archive.ts";
import { addCounts, emptyCounts, summarise } from "./summary.ts";

const BUCKET = "workspace-imports";
const MAX_ARCHIVE_BYTES = 50 * 1024 * 1024;
// What is kept inflated must fit a worker's memory (256 MB on hosted Supabase) next to the archive
// itself and the parsed JSON: 512 MiB could never be reached, the worker died first (546).
const LIMITS = { maxEntries: 50_000, maxTotalBytes: 128 * 1024 * 1024, maxEntryBytes: 32 * 1024 * 1024 };
/** What the importer reads: the JSON lists and day files, and file bytes under __uploads/. */
const wanted = (name: string) => name.endsWith(".json") || /(^|\/)__uploads\/[^/]+\/[^/]+$/.test(name);

Deno.serve(
  postHandler(async (req) => {
    const caller = await requireCaller(req);
    const body = await readJsonObject(req);
    const workspaceId = requireUuid(body, "workspace_id");
    const objectPath = requireString(body, "object_path", 512);
    if (!objectPath.startsWith(`${workspaceId}/`) || objectPath.includes("..")) {
      throw new FunctionError("validation_failed", "object_path must lie in the workspace's folder.", {
        field: "object_path",
      });
    }
    const asCaller = callerClient(caller);
    await requireWorkspaceOwner(asCaller, workspaceId, caller.user.id);
    try {
      const { data: blob, error } = await asCaller.storage.from(BUCKET).download(objectPath);
      if (error || !blob)
        throw new FunctionError("archive_not_found", "The uploaded archive was not found. Upload it again.");
      if (blob.size > MAX_ARCHIVE_BYTES)
        throw new FunctionError("archive_too_large", "The archive is larger than 50 MiB.");
      const archive = parseSlackArchive(await readZip(new Uint8Array(await blob.arrayBuffer()), wanted, LIMITS));

      const admin = adminClient();
      const users = await importUsers(admin, workspaceId, archive.users);
      const channels = await importChannels(admin, workspaceId, caller.user.id, archive.channels, users.byId);
      await savePlaceholders(admin, workspaceId, caller.user.id, users.byId, channels.placeholderChannels);
      const totals = emptyCounts();
      for (const [slackChannelId, channelId] of channels.byId) {
        const messages = archive.messages.get(slackChannelId) ?? [];
        const counts = await importChannelMessages(
          { admin, workspaceId, slackChannelId, channelId, users: users.byId, uploads: archive.uploads },
          messages,
        );
        addCounts(totals, counts);
      }
      return json(summarise(channels.counts, users.counts, totals, channels.invalidNames, archive.directConversations));
    } finally {
      await asCaller.storage.from(BUCKET).remove([objectPath]);
    }
  }),
);
