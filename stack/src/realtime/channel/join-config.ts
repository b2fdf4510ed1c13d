/** One `.on('postgres_changes', …)` binding as the client sent it (echoed verbatim in the reply). */
export type PostgresBinding = Record<string, unknown> & {
  event?: unknown;
  schema?: unknown;
  table?: unknown;
  filter?: unknown;
};

/** The validated `phx_join` payload; invalid fields fall back to defaults. */
export interface JoinConfig {
  broadcastSelf: boolean;
  broadcastAck: boolean;
  replay: { since: number; limit: number } | "invalid" | null;
  replicationReady: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  postgresChanges: PostgresBinding[];
  private: boolean;
  accessToken: string | null;
}

const asObject = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** Booleans also accept "true"/"false" in any case, as upstream's Ecto schemas cast them. */
function asBool(value: unknown, fallback: boolean): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "string" && /^(true|false)$/i.test(value)) return value.toLowerCase() === "true";
  return fallback;
}

export function parseJoinConfig(payload: unknown): JoinConfig {
  const body = asObject(payload);
  const config = asObject(body.config);
  const broadcast = asObject(config.broadcast);
  const presence = asObject(config.presence);
  const token =
    typeof body.access_token === "string"
      ? body.access_token
      : typeof body.user_token === "string"
        ? body.user_token
        : null;
  return {
    broadcastSelf: asBool(broadcast.self, false),
    broadcastAck: asBool(broadcast.ack, false),
    replay: parseReplay(broadcast.replay),
    replicationReady: asBool(broadcast.replication_ready, false),
    presenceKey: typeof presence.key === "string" ? presence.key : "",
    presenceEnabled: asBool(presence.enabled, false),
    postgresChanges: Array.isArray(config.postgres_changes)
      ? (config.postgres_changes.filter((entry) => typeof entry === "object" && entry !== null) as PostgresBinding[])
      : [],
    private: asBool(config.private, false),
    accessToken: token,
  };
}

function parseReplay(value: unknown): JoinConfig["replay"] {
  if (value === undefined || value === null) return null;
  const replay = asObject(value);
  if (typeof replay.since !== "number" || !Number.isInteger(replay.since)) return "invalid";
  const limit = typeof replay.limit === "number" ? Math.min(25, Math.max(1, Math.floor(replay.limit))) : 25;
  return { since: replay.since, limit };
}
