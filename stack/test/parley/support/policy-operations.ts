import { randomUUID } from "node:crypto";
import { createPerson } from "./people.ts";
import { messageBy, spareMember, type Actor, type World } from "./world.ts";

export type Action = "select" | "insert" | "update" | "delete" | "soft-delete";
type Row = Record<string, unknown>;

/** How one action on one table is tried: a target (arranged as owner) or a new row, and the change. */
export interface Operation {
  /** The row the action is tried on, arranged fresh for each case. */
  target?: (w: World) => Promise<Row>;
  /** For insert: the row the actor tries to add. */
  newRow?: (w: World, actor: Actor) => Promise<Row>;
  /** For update: the columns the actor tries to set. */
  patch?: (w: World, actor: Actor) => Row;
}

export interface TableOperations {
  key: readonly string[];
  actions: Partial<Record<Action, Operation>>;
}

const actorId = (w: World, actor: Actor): string | null => (actor === "anon" ? null : w.people[actor].id);
const unique = () => randomUUID().slice(0, 8);

/** A workspace owned by the world's owner, with its admin and member, for destructive cases. */
async function freshWorkspace(w: World): Promise<Row> {
  const id = randomUUID();
  const row = await w.insert("workspaces", {
    id,
    name: "Fresh",
    slug: `fresh-${id.slice(0, 8)}`,
    created_by: w.people.owner.id,
  });
  await w.insert("workspace_members", { workspace_id: id, user_id: w.people.admin.id, role: "admin" });
  await w.insert("workspace_members", { workspace_id: id, user_id: w.people.member.id, role: "member" });
  return row;
}

const freshChannel = (w: World): Promise<Row> =>
  w.insert("channels", { workspace_id: w.workspaceId, name: `c-${unique()}`, created_by: w.people.owner.id });

async function privateMessage(w: World): Promise<Row> {
  return messageBy(w, w.people.owner.id, w.privateChannelId, "private words");
}

async function attachmentOn(w: World, message: Row, uploader: string, channelId: string): Promise<Row> {
  return w.insert("attachments", {
    message_id: message.id,
    workspace_id: w.workspaceId,
    channel_id: channelId,
    uploader_id: uploader,
    object_path: `${w.workspaceId}/${channelId}/${randomUUID()}/photo.png`,
    name: "photo.png",
    size_bytes: 1234,
    mime_type: "image/png",
    width: 640,
    height: 480,
  });
}

const invitation = (w: World): Promise<Row> =>
  w.insert("invitations", {
    workspace_id: w.workspaceId,
    email: `invitee-${unique()}@example.test`,
    role: "member",
    token_hash: randomUUID().replaceAll("-", "").repeat(2),
    invited_by: w.people.owner.id,
  });

/** Every table, every action: how to try it. The expectations live in the test. */
export const operations: Record<string, TableOperations> = {
  profiles: {
    key: ["id"],
    actions: {
      select: { target: async (w) => ({ id: w.people.member.id }) },
      insert: {
        newRow: async () => ({
          id: randomUUID(),
          email: "x@example.test",
          username: `u${unique()}`,
          display_name: "X",
        }),
      },
      update: {
        target: async (w) => ({ id: w.people.member.id }),
        patch: () => ({ display_name: `Name ${unique()}` }),
      },
      delete: { target: async (w) => ({ id: (await spareMember(w)).id }) },
    },
  },
  workspaces: {
    key: ["id"],
    actions: {
      select: { target: async (w) => ({ id: w.workspaceId }) },
      insert: {
        newRow: async (w, actor) => {
          const id = randomUUID();
          return { id, name: "Mine", slug: `mine-${id.slice(0, 8)}`, created_by: actorId(w, actor) };
        },
      },
      update: { target: freshWorkspace, patch: () => ({ name: `Renamed ${unique()}` }) },
      delete: { target: freshWorkspace },
    },
  },
  workspace_members: {
    key: ["workspace_id", "user_id"],
    actions: {
      select: { target: async (w) => ({ workspace_id: w.workspaceId, user_id: w.people.member.id }) },
      insert: {
        newRow: async (w) => ({
          workspace_id: w.workspaceId,
          user_id: (await createPerson(w.t, "joiner")).id,
          role: "member",
        }),
      },
      update: {
        target: async (w) => ({ workspace_id: w.workspaceId, user_id: (await spareMember(w)).id }),
        patch: () => ({ role: "admin" }),
      },
      delete: { target: async (w) => ({ workspace_id: w.workspaceId, user_id: (await spareMember(w)).id }) },
    },
  },
  channels: {
    key: ["id"],
    actions: {
      select: { target: async (w) => ({ id: w.privateChannelId }) },
      insert: {
        newRow: async (w, actor) => ({
          id: randomUUID(),
          workspace_id: w.workspaceId,
          name: `n-${unique()}`,
          created_by: actorId(w, actor),
        }),
      },
      update: { target: freshChannel, patch: () => ({ topic: `Topic ${unique()}` }) },
      delete: { target: freshChannel },
    },
  },
  channel_members: {
    key: ["channel_id", "user_id"],
    actions: {
      select: { target: async (w) => ({ channel_id: w.privateChannelId, user_id: w.people.member.id }) },
      insert: { newRow: async (w) => ({ channel_id: w.privateChannelId, user_id: (await spareMember(w)).id }) },
      update: {
        target: async (w) =>
          w.insert("channel_members", { channel_id: w.privateChannelId, user_id: (await spareMember(w)).id }),
        patch: () => ({ joined_at: "2001-01-01T00:00:00+00:00" }),
      },
      delete: {
        target: async (w) =>
          w.insert("channel_members", { channel_id: w.privateChannelId, user_id: (await spareMember(w)).id }),
      },
    },
  },
  messages: {
    key: ["id"],
    actions: {
      select: { target: privateMessage },
      insert: { newRow: async (w) => ({ id: randomUUID(), channel_id: w.publicChannelId, body: "new words" }) },
      update: {
        target: (w) => messageBy(w, w.people.member.id, w.publicChannelId),
        patch: () => ({ body: `edited ${unique()}` }),
      },
      "soft-delete": {
        target: (w) => messageBy(w, w.people.member.id, w.publicChannelId),
        patch: () => ({ deleted_at: new Date().toISOString() }),
      },
      delete: { target: (w) => messageBy(w, w.people.member.id, w.publicChannelId) },
    },
  },
  reactions: {
    key: ["id"],
    actions: {
      select: {
        target: async (w) =>
          w.insert("reactions", {
            message_id: (await privateMessage(w)).id,
            channel_id: w.privateChannelId,
            user_id: w.people.member.id,
            emoji: "👀",
          }),
      },
      insert: {
        newRow: async (w) => ({
          id: randomUUID(),
          message_id: (await messageBy(w, w.people.member.id, w.publicChannelId)).id,
          emoji: "👍",
        }),
      },
      update: {
        target: async (w) =>
          w.insert("reactions", {
            message_id: (await messageBy(w, w.people.owner.id, w.publicChannelId)).id,
            channel_id: w.publicChannelId,
            user_id: w.people.member.id,
            emoji: "👍",
          }),
        patch: () => ({ emoji: "🎉" }),
      },
      delete: {
        target: async (w) =>
          w.insert("reactions", {
            message_id: (await messageBy(w, w.people.owner.id, w.publicChannelId)).id,
            channel_id: w.publicChannelId,
            user_id: w.people.member.id,
            emoji: "👍",
          }),
      },
    },
  },
  attachments: {
    key: ["id"],
    actions: {
      select: { target: async (w) => attachmentOn(w, await privateMessage(w), w.people.owner.id, w.privateChannelId) },
      insert: {
        // Each actor attaches to a message of their own; those without one try someone else's.
        newRow: async (w, actor) => {
          const author =
            actor === "owner" || actor === "admin" || actor === "member" ? w.people[actor].id : w.people.member.id;
          const message = await messageBy(w, author, w.publicChannelId);
          return {
            id: randomUUID(),
            message_id: message.id,
            object_path: `${w.workspaceId}/${w.publicChannelId}/${randomUUID()}/notes.pdf`,
            name: "notes.pdf",
            size_bytes: 2048,
            mime_type: "application/pdf",
          };
        },
      },
      update: {
        target: async (w) =>
          attachmentOn(
            w,
            await messageBy(w, w.people.member.id, w.publicChannelId),
            w.people.member.id,
            w.publicChannelId,
          ),
        patch: () => ({ name: `renamed-${unique()}.png` }),
      },
      delete: {
        target: async (w) =>
          attachmentOn(
            w,
            await messageBy(w, w.people.member.id, w.publicChannelId),
            w.people.member.id,
            w.publicChannelId,
          ),
      },
    },
  },
  read_markers: {
    key: ["user_id", "channel_id"],
    actions: {
      select: {
        target: async (w) =>
          w.insert("read_markers", { user_id: w.people.member.id, channel_id: (await freshChannel(w)).id }),
      },
      insert: { newRow: async (w, actor) => ({ user_id: actorId(w, actor), channel_id: (await freshChannel(w)).id }) },
      update: {
        target: async (w) =>
          w.insert("read_markers", {
            user_id: w.people.member.id,
            channel_id: (await freshChannel(w)).id,
            last_read_at: "2001-01-01T00:00:00Z",
          }),
        patch: () => ({ last_read_at: new Date().toISOString() }),
      },
      delete: {
        target: async (w) =>
          w.insert("read_markers", { user_id: w.people.member.id, channel_id: (await freshChannel(w)).id }),
      },
    },
  },
  invitations: {
    key: ["id"],
    actions: {
      select: { target: invitation },
      insert: {
        newRow: async (w, actor) => ({
          id: randomUUID(),
          workspace_id: w.workspaceId,
          email: `new-${unique()}@example.test`,
          token_hash: "a".repeat(64),
          invited_by: actorId(w, actor),
        }),
      },
      update: { target: invitation, patch: () => ({ role: "admin" }) },
      delete: { target: invitation },
    },
  },
};
