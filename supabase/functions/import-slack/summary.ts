// What an import did, as import-slack answers it (and the app shows it).
import type { ChannelCounts } from "./import-channels.ts";
import type { UserCounts } from "./import-users.ts";

/** Per-channel message figures, summed over channels. */
export interface MessageCounts {
  /** Top-level messages added. */
  messages: number;
  /** Thread replies added. */
  replies: number;
  /** Threads that received replies. */
  threads: number;
  reactions: number;
  files_imported: number;
  /** Files without bytes in the archive (or refused by the bucket): kept as a named link in the message. */
  files_linked: number;
  /** Messages found already imported by an earlier run. */
  already_imported: number;
  /** Joins, leaves, topic changes and other channel housekeeping. */
  system_skipped: number;
  /** Reactions by people not in users.json, or with a name Parley cannot store. */
  reactions_skipped: number;
}

export const emptyCounts = (): MessageCounts => ({
  messages: 0,
  replies: 0,
  threads: 0,
  reactions: 0,
  files_imported: 0,
  files_linked: 0,
  already_imported: 0,
  system_skipped: 0,
  reactions_skipped: 0,
});

export function addCounts(total: MessageCounts, more: MessageCounts): MessageCounts {
  for (const key of Object.keys(total) as (keyof MessageCounts)[]) total[key] += more[key];
  return total;
}

export interface ImportSummary {
  channels: ChannelCounts;
  users: UserCounts;
  messages: { imported: number; replies: number; threads: number; already_imported: number };
  reactions: number;
  files: { imported: number; linked: number };
  skipped: {
    direct_conversations: number;
    system_messages: number;
    reactions: number;
    /** Slack channel names that cannot be Parley channel names. */
    channels: string[];
  };
}

export function summarise(
  channels: ChannelCounts,
  users: UserCounts,
  counts: MessageCounts,
  invalidChannels: string[],
  directConversations: number,
): ImportSummary {
  return {
    channels,
    users,
    messages: {
      imported: counts.messages + counts.replies,
      replies: counts.replies,
      threads: counts.threads,
      already_imported: counts.already_imported,
    },
    reactions: counts.reactions,
    files: { imported: counts.files_imported, linked: counts.files_linked },
    skipped: {
      direct_conversations: directConversations,
      system_messages: counts.system_skipped,
      reactions: counts.reactions_skipped,
      channels: invalidChannels,
    },
  };
}
