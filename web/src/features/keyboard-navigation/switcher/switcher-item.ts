/** A place the quick switcher can take you: a channel (a DM too, once DMs exist) or a person of the workspace. */
export type SwitcherItem =
  | { kind: "channel"; id: string; name: string; isPrivate: boolean; archived: boolean }
  | { kind: "person"; id: string; name: string; username: string };

/** A stable key per item across kinds, for recents and DOM ids: `channel:<uuid>`, `person:<uuid>`. */
export const itemKey = (item: Pick<SwitcherItem, "kind" | "id">) => `${item.kind}:${item.id}`;
