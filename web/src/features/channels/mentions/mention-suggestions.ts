/** One row of the @ suggestions: a person of the workspace, or a whole-conversation mention. */
export type MentionOption =
  | { kind: "person"; id: string; name: string; username: string; online: boolean; avatarPath: string | null }
  | { kind: "broadcast"; id: "channel" | "here"; username: "channel" | "here" };

type Candidate = { userId: string; name: string; username: string; avatarPath?: string | null };

const MAX_OPTIONS = 8;

/**
 * The suggestions for what follows `@`: people whose name or handle starts with it (online people
 * first, then by name in the reader's locale), then @channel and @here when they match. The writer
 * is left out: nobody needs to mention themselves.
 */
export function mentionOptions(
  query: string,
  people: readonly Candidate[],
  online: ReadonlySet<string>,
  me: string,
  locale: string,
): MentionOption[] {
  const wanted = query.toLocaleLowerCase(locale);
  const starts = (text: string) =>
    text
      .toLocaleLowerCase(locale)
      .split(/\s+/)
      .some((word) => word.startsWith(wanted)) || text.toLocaleLowerCase(locale).startsWith(wanted);
  const persons: MentionOption[] = people
    .filter((person) => person.userId !== me && (starts(person.name) || starts(person.username)))
    .map((person) => ({
      kind: "person" as const,
      id: person.userId,
      name: person.name,
      username: person.username,
      online: online.has(person.userId),
      avatarPath: person.avatarPath ?? null,
    }))
    .sort((a, b) => Number(b.online) - Number(a.online) || a.name.localeCompare(b.name, locale))
    .slice(0, MAX_OPTIONS);
  const broadcasts = (["channel", "here"] as const)
    .filter((word) => word.startsWith(wanted))
    .map((word) => ({ kind: "broadcast" as const, id: word, username: word }));
  return [...persons, ...broadcasts];
}
