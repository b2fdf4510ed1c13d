/** A place the quick switcher can take you: a channel, a DM (named by its other people) or a person of the workspace. */
export type SwitcherItem =
  | { kind: "channel"; id: string; name: string; isPrivate: boolean; archived: boolean }
  | { kind: "dm"; id: string; name: string }
  | { kind: "person"; id: string; name: string; username: string };

/** A stable key per item across kinds, for recents and DOM ids: `channel:<uuid>`, `dm:<uuid>`, `person:<uuid>`. */
export const itemKey = (item: Pick<SwitcherItem, "kind" | "id">) => `${item.kind}:${item.id}`;
