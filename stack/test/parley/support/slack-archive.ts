import { strToU8, zipSync, type Zippable } from "fflate";

/** A Slack export's contents as JS objects: channel folders hold one list of messages per day. */
export interface SlackExport {
  users: Record<string, unknown>[];
  channels: Record<string, unknown>[];
  groups?: Record<string, unknown>[];
  dms?: Record<string, unknown>[];
  /** channel name → day (YYYY-MM-DD) → messages */
  days: Record<string, Record<string, Record<string, unknown>[]>>;
  /** Slack file id → [file name, bytes] under __uploads/ */
  uploads?: Record<string, [string, Uint8Array]>;
}

/**
 * Zips a Slack-format export archive (users.json, channels.json, <channel>/<day>.json, …) with the
 * same library the import function reads it with.
 * @example const zip = slackArchive({ users: [], channels: [], days: {} });
 */
export function slackArchive(contents: SlackExport): Uint8Array {
  const json = (value: unknown) => strToU8(JSON.stringify(value));
  const entries: Zippable = { "users.json": json(contents.users), "channels.json": json(contents.channels) };
  if (contents.groups) entries["groups.json"] = json(contents.groups);
  if (contents.dms) entries["dms.json"] = json(contents.dms);
  for (const [channel, days] of Object.entries(contents.days)) {
    for (const [day, messages] of Object.entries(days)) entries[`${channel}/${day}.json`] = json(messages);
  }
  for (const [id, [name, bytes]] of Object.entries(contents.uploads ?? {})) entries[`__uploads/${id}/${name}`] = bytes;
  return zipSync(entries);
}

/** A zip whose one entry inflates to `bytes` zeros: tiny on disk, huge once inflated. */
export function zipBomb(bytes: number): Uint8Array {
  return zipSync({ "users.json": new Uint8Array(bytes), "channels.json": strToU8("[]") }, { level: 9 });
}

/**
 * A zip of `count` entries named like a Slack export's day files, each inflating to `bytes` zeros:
 * every entry is under the per-entry limit, together far over what a worker can hold.
 */
export function manyEntryZipBomb(count: number, bytes: number): Uint8Array {
  const entries: Zippable = { "users.json": strToU8("[]"), "channels.json": strToU8("[]") };
  const zeros = new Uint8Array(bytes);
  for (let i = 0; i < count; i++) entries[`general/2024-01-${String(i + 1).padStart(2, "0")}.json`] = zeros;
  return zipSync(entries, { level: 9 });
}
