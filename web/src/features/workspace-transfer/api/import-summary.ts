import { z } from "../../../lib/zod-mini";

const count = z.int().check(z.nonnegative());

/** What `import-slack` answers once an archive is imported. */
export const importSummarySchema = z.object({
  channels: z.object({ created: count, matched: count }),
  users: z.object({ matched: count, placeholders: count }),
  messages: z.object({ imported: count, replies: count, threads: count, already_imported: count }),
  reactions: count,
  files: z.object({ imported: count, linked: count }),
  skipped: z.object({
    direct_conversations: count,
    system_messages: count,
    reactions: count,
    channels: z.array(z.string()),
  }),
});

export type ImportSummary = z.infer<typeof importSummarySchema>;
