// The project key each client connection sent last, once recognised. A keep-alive client (the web
// app's supabase-js, an edge function, the baseline bench's fetch) sends the same `apikey` on every
// request; recognising it costs a SHA-256 of the candidate (`safeEqualAny`), 3 % of the stack's busy
// time on a read by key. Remembered per connection instead, the next request's key is compared with
// the one remembered, in constant time (`safeEqualToChecked`), and any other key — a different one
// on the same connection, as a proxy multiplexing many clients would send — goes the full way again.
// Bounded by the open connections (a WeakMap on the socket, gone with it); tied to the key ring it
// was recognised against, so a new ring is never answered from here.

import type { ApiKeyKind } from "./context.ts";
import type { KeyRing } from "./keys/index.ts";
import { safeEqualToChecked } from "./safe-equal.ts";

type ProjectKeyKind = Extract<ApiKeyKind, "secret" | "publishable">;

interface RecognisedKey {
  ring: KeyRing;
  /** The key's UTF-8 bytes. */
  bytes: Buffer;
  kind: ProjectKeyKind;
}

const byConnection = new WeakMap<object, RecognisedKey>();

/** What `apikey` was when `connection` sent it last against `ring`, if it is that same key. */
export function rememberedKeyKind(connection: object, ring: KeyRing, apikey: string): ProjectKeyKind | undefined {
  const known = byConnection.get(connection);
  if (known === undefined || known.ring !== ring) return undefined;
  return safeEqualToChecked(apikey, known.bytes) ? known.kind : undefined;
}

/** Remembers that `connection` sent `apikey`, recognised against `ring` as `kind`. */
export function rememberKeyKind(connection: object, ring: KeyRing, apikey: string, kind: ProjectKeyKind): void {
  byConnection.set(connection, { ring, bytes: Buffer.from(apikey, "utf8"), kind });
}
