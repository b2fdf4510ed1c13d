import type { Reaction } from "./types";

export type ReactionGroup = { emoji: string; userIds: string[]; mine: Reaction | undefined };

/** One message's reactions grouped by emoji, in the order each emoji first appeared. */
export function groupReactions(reactions: Reaction[], messageId: string, me: string): ReactionGroup[] {
  const groups = new Map<string, ReactionGroup>();
  for (const reaction of reactions) {
    if (reaction.message_id !== messageId) continue;
    const group = groups.get(reaction.emoji) ?? { emoji: reaction.emoji, userIds: [], mine: undefined };
    group.userIds.push(reaction.user_id);
    if (reaction.user_id === me) group.mine = reaction;
    groups.set(reaction.emoji, group);
  }
  return [...groups.values()];
}
