import { strToU8 } from "fflate";
import type { SlackExport } from "./slack-archive.ts";
import type { World } from "./world.ts";

export const TS = {
  join: "1704199999.000000",
  question: "1704200000.000100",
  reply: "1704200100.000200",
  secondReply: "1704200200.000300",
  withFile: "1704200300.000400",
  withLink: "1704200400.000500",
  random: "1704290000.000100",
  secret: "1704290100.000100",
} as const;

export const NOTES = "notes from slack\n";
export const ADA_EMAIL = "ada.lovelace@example.test";

/**
 * A small Slack export for the world's workspace: the owner and the member by their emails, the
 * outsider (an existing account, not yet a member), Ada (nobody in Parley) and a bot without email;
 * #general (which the workspace already has), #random, a private #secret-plans the owner is not in,
 * a thread with two replies, reactions, one file with its bytes and one with only a link, a join
 * message and a direct conversation (both skipped).
 */
export function slackExport(w: World): SlackExport {
  const user = (id: string, name: string, realName: string, email?: string, extra: Record<string, unknown> = {}) => ({
    id,
    name,
    real_name: realName,
    profile: { real_name: realName, ...(email ? { email } : {}) },
    ...extra,
  });
  return {
    users: [
      user("U01OWNER", "owner", "The Owner", w.people.owner.email.toUpperCase()),
      user("U02MEMBER", "member", "The Member", w.people.member.email),
      user("U03OUTSIDE", "outsider", "The Outsider", w.people.outsider.email),
      user("U04ADA", "ada", "Ada Lovelace", ADA_EMAIL),
      user("B05BOT", "deploybot", "Deploy Bot", undefined, { is_bot: true }),
    ],
    channels: [
      {
        id: "C01GENERAL",
        name: "general",
        creator: "U01OWNER",
        members: ["U01OWNER", "U02MEMBER", "U04ADA"],
        topic: { value: "Company-wide" },
      },
      {
        id: "C02RANDOM",
        name: "random",
        creator: "U04ADA",
        members: ["U04ADA", "U03OUTSIDE"],
        topic: { value: "" },
        purpose: { value: "Anything goes" },
      },
    ],
    groups: [{ id: "G01SECRET", name: "secret-plans", creator: "U04ADA", members: ["U04ADA", "U02MEMBER"] }],
    dms: [{ id: "D01", members: ["U01OWNER", "U04ADA"] }],
    days: {
      general: {
        "2024-01-02": [
          {
            type: "message",
            subtype: "channel_join",
            ts: TS.join,
            user: "U04ADA",
            text: "<@U04ADA> has joined the channel",
          },
          {
            type: "message",
            ts: TS.question,
            user: "U04ADA",
            text: "Hello <@U02MEMBER> &amp; welcome to <#C02RANDOM|random>",
            thread_ts: TS.question,
            reply_count: 2,
            reactions: [
              { name: "+1", users: ["U01OWNER", "U02MEMBER"], count: 2 },
              { name: "party_parrot", users: ["U03OUTSIDE"], count: 1 },
            ],
          },
          { type: "message", ts: TS.reply, user: "U01OWNER", text: "First reply", thread_ts: TS.question },
        ],
        "2024-01-03": [
          { type: "message", ts: TS.secondReply, user: "U02MEMBER", text: "Second reply", thread_ts: TS.question },
          {
            type: "message",
            subtype: "bot_message",
            ts: TS.withFile,
            user: "B05BOT",
            text: "Deployed, notes attached",
            files: [
              {
                id: "F01NOTES",
                name: "notes.txt",
                mimetype: "text/plain",
                url_private: "https://files.slack.com/F01NOTES/notes.txt",
              },
            ],
          },
          {
            type: "message",
            ts: TS.withLink,
            user: "U01OWNER",
            text: "",
            files: [
              {
                id: "F02DIAGRAM",
                name: "diagram.png",
                mimetype: "image/png",
                url_private: "https://files.slack.com/F02DIAGRAM/diagram.png",
              },
            ],
          },
        ],
      },
      random: {
        "2024-01-03": [
          { type: "message", ts: TS.random, user: "U03OUTSIDE", text: "Hi from <https://example.test|the outside>" },
        ],
      },
      "secret-plans": { "2024-01-03": [{ type: "message", ts: TS.secret, user: "U04ADA", text: "Only for us" }] },
    },
    uploads: { F01NOTES: ["notes.txt", strToU8(NOTES)] },
  };
}
