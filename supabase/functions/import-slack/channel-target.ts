// Which Parley channel a Slack channel's import goes to: see import-channels.ts for the rules.
import type { SlackChannel } from "./slack-archive.ts";

export interface ExistingChannel {
  id: string;
  name: string;
  kind: string;
  is_private: boolean;
  created_by: string;
}

export interface WorkspaceChannels {
  rows: ExistingChannel[];
  importerId: string;
}

/** An existing channel to import into, or the name of the channel to create. */
export type ChannelTarget = { existing: ExistingChannel; name: string } | { existing: null; name: string };

/** Parley's channel-name rule: letters, digits, `_`/`-`, inner spaces and dots, at most 80. */
export function toChannelName(slackName: string): string | null {
  const cleaned = slackName
    .normalize("NFC")
    .replace(/[^\p{L}\p{N} ._-]/gu, "-")
    .slice(0, 80)
    .replace(/^[ .]+|[ .]+$/g, "");
  return /^[\p{L}\p{N}_-]([\p{L}\p{N} ._-]{0,78}[\p{L}\p{N}_-])?$/u.test(cleaned) ? cleaned : null;
}

/** `<name>-slack`, `<name>-slack-2`, … : the first name no channel of the workspace has (ignoring case). */
function freeName(rows: ExistingChannel[], name: string): string {
  const taken = new Set(rows.map((row) => row.name.toLowerCase()));
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? "-slack" : `-slack-${n}`;
    const candidate = `${name.slice(0, 80 - suffix.length).replace(/[ .]+$/, "")}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

/**
 * Where one Slack channel goes. `earlierChannelId` is the channel an earlier import put its
 * messages in: reused only if it is a plain channel that the same importer created. A channel of
 * the same name is reused only if it is a public plain channel (not a DM): one every workspace
 * member, the importer included, reads and posts in (Parley's public channels need no joining).
 * Null when the Slack name cannot become a Parley channel name.
 */
export function findTargetChannel(
  workspace: WorkspaceChannels,
  channel: SlackChannel,
  earlierChannelId: string | null,
): ChannelTarget | null {
  const earlier = workspace.rows.find((row) => row.id === earlierChannelId);
  if (earlier && earlier.kind === "channel" && earlier.created_by === workspace.importerId)
    return { existing: earlier, name: earlier.name };
  const name = toChannelName(channel.name);
  if (!name) return null;
  const sameName = workspace.rows.find((row) => row.name.toLowerCase() === name.toLowerCase());
  if (!sameName) return { existing: null, name };
  const usable = sameName.kind === "channel" && !sameName.is_private;
  return usable ? { existing: sameName, name } : { existing: null, name: freeName(workspace.rows, name) };
}
