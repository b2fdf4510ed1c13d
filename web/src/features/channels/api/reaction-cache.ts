import type { Reaction } from "./types";

/** Adds or replaces a reaction in a channel's cached list. */
export function addReaction(data: Reaction[] | undefined, reaction: Reaction): Reaction[] | undefined {
  if (!data) return data;
  return [...data.filter((existing) => existing.id !== reaction.id), reaction];
}

/** Drops a reaction by id (realtime deletes carry only the primary key). */
export function removeReaction(data: Reaction[] | undefined, id: string): Reaction[] | undefined {
  return data?.filter((existing) => existing.id !== id);
}

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
