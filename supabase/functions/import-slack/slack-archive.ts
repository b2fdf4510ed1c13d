// The parts of a Slack export archive Parley imports. A standard export (workspace settings →
// Import/Export) is a zip of:
//   users.json               [{id, name, real_name, deleted, is_bot, profile: {email, real_name, display_name}}]
//   channels.json            public channels [{id, name, creator, is_archived, members, topic: {value}}]
//   groups.json              private channels, same shape (only in exports that include them)
//   dms.json, mpims.json     direct and group messages (Parley has no DMs: counted, skipped)
//   <channel name>/YYYY-MM-DD.json   one day of messages [{ts, thread_ts, user, text, reactions, files}]
//   __uploads/<file id>/<name>       file bytes, only in exports made with files included
// Everything may sit one folder down (an archive re-zipped from its unpacked folder).
import { FunctionError } from "../_shared/http.ts";

export interface SlackUser {
  id: string;
  name: string;
  email: string | null;
  displayName: string;
  deleted: boolean;
  isBot: boolean;
}

export interface SlackChannel {
  id: string;
  name: string;
  isPrivate: boolean;
  creator: string | null;
  archived: boolean;
  members: string[];
  topic: string;
}

export interface SlackFile {
  id: string;
  name: string;
  mimeType: string;
  url: string | null;
}

export interface SlackReaction {
  name: string;
  users: string[];
}

export interface SlackMessage {
  ts: string;
  threadTs: string | null;
  subtype: string | null;
  user: string | null;
  text: string;
  reactions: SlackReaction[];
  files: SlackFile[];
}

export interface SlackArchive {
  users: SlackUser[];
  channels: SlackChannel[];
  /** Messages per channel id, oldest first. */
  messages: Map<string, SlackMessage[]>;
  /** File bytes per Slack file id, when the export included them. */
  uploads: Map<string, Uint8Array>;
  /** Direct and group-direct conversations found (not imported). */
  directConversations: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === "string" ? value : "");
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

function parseList(files: Map<string, Uint8Array>, path: string, required: boolean): Json[] {
  const bytes = files.get(path);
  if (!bytes) {
    if (required)
      throw new FunctionError("invalid_archive", `The archive has no ${path.split("/").pop()}: is it a Slack export?`);
    return [];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new FunctionError("invalid_archive", `${path} is not valid JSON.`);
  }
  if (!Array.isArray(parsed)) throw new FunctionError("invalid_archive", `${path} must hold a list.`);
  return parsed.filter(isObject);
}

function toUser(raw: Json): SlackUser | null {
  const id = text(raw.id);
  if (!id) return null;
  const profile = isObject(raw.profile) ? raw.profile : {};
  const email = text(profile.email).trim().toLowerCase();
  const name = text(raw.name) || id;
  return {
    id,
    name,
    email: email.includes("@") ? email : null,
    displayName: text(profile.real_name) || text(raw.real_name) || text(profile.display_name) || name,
    deleted: raw.deleted === true,
    isBot: raw.is_bot === true,
  };
}

function toChannel(raw: Json, isPrivate: boolean): SlackChannel | null {
  const id = text(raw.id);
  const name = text(raw.name);
  if (!id || !name) return null;
  const topic = isObject(raw.topic) ? text(raw.topic.value) : "";
  const purpose = isObject(raw.purpose) ? text(raw.purpose.value) : "";
  return {
    id,
    name,
    isPrivate,
    creator: text(raw.creator) || null,
    archived: raw.is_archived === true,
    members: strings(raw.members),
    topic: topic || purpose,
  };
}

function toMessage(raw: Json): SlackMessage | null {
  const ts = text(raw.ts);
  if (!/^\d{1,12}\.\d{1,6}$/.test(ts)) return null;
  const reactions = (Array.isArray(raw.reactions) ? raw.reactions : [])
    .filter(isObject)
    .map((r) => ({ name: text(r.name), users: strings(r.users) }));
  const files = (Array.isArray(raw.files) ? raw.files : []).filter(isObject).flatMap((f): SlackFile[] => {
    const id = text(f.id);
    if (!id) return [];
    return [
      {
        id,
        name: text(f.name) || text(f.title) || id,
        mimeType: text(f.mimetype),
        url: text(f.url_private) || text(f.permalink) || null,
      },
    ];
  });
  return {
    ts,
    threadTs: /^\d{1,12}\.\d{1,6}$/.test(text(raw.thread_ts)) ? text(raw.thread_ts) : null,
    subtype: text(raw.subtype) || null,
    user: text(raw.user) || null,
    text: text(raw.text),
    reactions: reactions.filter((r) => r.name !== ""),
    files,
  };
}

/** The folder the export's users.json sits in ("" or "name/"). */
function rootOf(files: Map<string, Uint8Array>): string {
  const candidates = [...files.keys()]
    .filter((name) => /^([^/]+\/)?users\.json$/.test(name))
    .sort((a, b) => a.length - b.length);
  return candidates[0]?.slice(0, -"users.json".length) ?? "";
}

/**
 * Reads a Slack export from its inflated entries (see the layout above). Answers 400
 * `invalid_archive` when users.json or channels.json is missing or not a JSON list.
 */
export function parseSlackArchive(files: Map<string, Uint8Array>): SlackArchive {
  const root = rootOf(files);
  const users = parseList(files, `${root}users.json`, true)
    .map(toUser)
    .filter((u): u is SlackUser => u !== null);
  const channels = [
    ...parseList(files, `${root}channels.json`, true).map((raw) => toChannel(raw, false)),
    ...parseList(files, `${root}groups.json`, false).map((raw) => toChannel(raw, true)),
  ].filter((c): c is SlackChannel => c !== null);
  const directConversations =
    parseList(files, `${root}dms.json`, false).length + parseList(files, `${root}mpims.json`, false).length;

  const messages = new Map<string, SlackMessage[]>();
  for (const channel of channels) {
    const days = [...files.keys()]
      .filter((name) => name.startsWith(`${root}${channel.name}/`) && /\/\d{4}-\d{2}-\d{2}\.json$/.test(name))
      .sort();
    const list = days
      .flatMap((day) => parseList(files, day, false).map(toMessage))
      .filter((m): m is SlackMessage => m !== null);
    list.sort((a, b) => Number(a.ts) - Number(b.ts));
    messages.set(channel.id, list);
  }

  const uploads = new Map<string, Uint8Array>();
  for (const [name, bytes] of files) {
    const match = name.startsWith(root) ? /^__uploads\/([^/]+)\/[^/]+$/.exec(name.slice(root.length)) : null;
    if (match?.[1]) uploads.set(match[1], bytes);
  }
  return { users, channels, messages, uploads, directConversations };
}
