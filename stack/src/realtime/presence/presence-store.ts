import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";

export type Meta = Record<string, unknown> & { phx_ref: string; phx_ref_prev?: string };
export type PresenceMap = Record<string, { metas: Meta[] }>;
export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

interface Tracked {
  key: string;
  state: Record<string, unknown>;
  meta: Meta;
}

/** Phoenix.Tracker refs are opaque base64 strings; any unique string does. */
const newRef = () => randomBytes(8).toString("base64url");

/**
 * The presences of one stream: one meta per tracking channel, grouped by presence key.
 * Returns the diff each change produces, or null for a no-op.
 */
export class PresenceStore {
  private readonly byOwner = new Map<object, Tracked>();

  get size(): number {
    return this.byOwner.size;
  }

  track(owner: object, key: string, state: Record<string, unknown>): PresenceDiff | null {
    const previous = this.byOwner.get(owner);
    if (previous && previous.key === key && isDeepStrictEqual(previous.state, state)) return null;
    const meta: Meta = { ...state, phx_ref: newRef() };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    this.byOwner.set(owner, { key, state, meta });
    return {
      joins: { [key]: { metas: [meta] } },
      leaves: previous ? { [previous.key]: { metas: [previous.meta] } } : {},
    };
  }

  untrack(owner: object): PresenceDiff | null {
    const previous = this.byOwner.get(owner);
    if (!previous) return null;
    this.byOwner.delete(owner);
    return { joins: {}, leaves: { [previous.key]: { metas: [previous.meta] } } };
  }

  state(): PresenceMap {
    const map: PresenceMap = {};
    for (const { key, meta } of this.byOwner.values()) (map[key] ??= { metas: [] }).metas.push(meta);
    return map;
  }
}
