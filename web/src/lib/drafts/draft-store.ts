import { arrayOf, isString, objectOf, recordOf } from "../value-guards";

/** Where a draft is being written: a conversation's composer, or the composer of one of its threads. */
export type DraftScope = { channelId: string; threadParentId?: string | null };

/** An unsent message: its text and the names of the files that were waiting to go with it. */
export type Draft = { body: string; files: string[] };

const isDrafts = recordOf(objectOf({ body: isString, files: arrayOf(isString) }));

export type Drafts = Readonly<Record<string, Draft>>;

const noDrafts: Drafts = Object.freeze({});
const listeners = new Set<() => void>();
let cache: { key: string; raw: string | null; drafts: Drafts } | null = null;

/** One storage entry per user, so people sharing a browser never see each other's drafts. */
const storagePrefix = "parley.drafts.";

function storageKey(userId: string) {
  return `${storagePrefix}${userId}`;
}

/** `channel` for the conversation, `channel/thread` for a thread in it. */
export function draftKey({ channelId, threadParentId }: DraftScope): string {
  return threadParentId ? `${channelId}/${threadParentId}` : channelId;
}

/** The conversation a draft key belongs to. */
export function channelOfDraftKey(key: string): string {
  return key.split("/")[0] ?? key;
}

function readRaw(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage can be blocked; then drafts last as long as the page
  }
}

/**
 * All of a user's drafts, read from localStorage. Whatever is stored is checked against the
 * shape of drafts; anything else (an old format, a hand edit) counts as no drafts. The same object is
 * returned while the stored text is unchanged, as `useSyncExternalStore` needs.
 */
export function readDrafts(userId: string): Drafts {
  const key = storageKey(userId);
  const raw = readRaw(key);
  if (cache?.key === key && cache.raw === raw) return cache.drafts;
  let drafts = noDrafts;
  if (raw !== null) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (isDrafts(parsed)) drafts = parsed;
    } catch {
      // not JSON: no drafts
    }
  }
  cache = { key, raw, drafts };
  return drafts;
}

/** Keeps (or, for an empty message without files, forgets) the draft of one composer. */
export function saveDraft(userId: string, scope: DraftScope, draft: Draft): void {
  const key = draftKey(scope);
  const { [key]: _previous, ...others } = readDrafts(userId);
  const empty = draft.body.trim() === "" && draft.files.length === 0;
  const next = empty ? others : { ...others, [key]: draft };
  try {
    if (Object.keys(next).length === 0) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), JSON.stringify(next));
  } catch {
    return; // full or blocked storage: the draft lives on in the composer only
  }
  listeners.forEach((notify) => notify());
}

/**
 * Removes every stored draft from this browser. Run on sign-out, like the query cache is cleared,
 * so what someone half-wrote does not stay behind on a shared computer.
 */
export function forgetAllDrafts(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(storagePrefix)) localStorage.removeItem(key);
  } catch {
    return;
  }
  cache = null;
  listeners.forEach((notify) => notify());
}

/** Calls back when drafts change here or in another tab. */
export function subscribeToDrafts(notify: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(storagePrefix)) notify();
  };
  listeners.add(notify);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(notify);
    window.removeEventListener("storage", onStorage);
  };
}
