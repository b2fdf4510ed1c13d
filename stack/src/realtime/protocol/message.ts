/** A Phoenix message, whichever serializer carried it. */
export interface PhoenixMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** A vsn 2.0.0 binary user broadcast push (kind 3): the payload stays raw bytes. */
export interface UserBroadcastPush {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  userEvent: string;
  /** `json`: UTF-8 JSON text; `binary`: opaque bytes. */
  encoding: "json" | "binary";
  payload: Buffer;
}

export type Inbound =
  { kind: "message"; message: PhoenixMessage } | { kind: "user_broadcast"; push: UserBroadcastPush };

export type Vsn = "1.0.0" | "2.0.0";

/**
 * A broadcast as fan-out carries it, encoded lazily per receiver's vsn. `json` origins (text
 * pushes, batch HTTP) reach everyone as JSON text; `user` origins (binary pushes, single HTTP, the
 * database) reach vsn 2 as binary kind 4 and vsn 1 as JSON text, except raw bytes, which vsn 1 cannot carry.
 */
export type BroadcastBody =
  | { origin: "json"; message: Record<string, unknown> }
  | { origin: "user"; event: string; encoding: "json" | "binary"; payload: Buffer; meta?: Record<string, unknown> };
