/**
 * Who may use a queue through `pgmq_public` (supabase-js `.schema('pgmq_public').rpc(…)`), as the
 * dashboard's "Expose Queues via PostgREST" grants it: every API role may call the wrappers, and the
 * queue tables' own grants and RLS decide. In the `queues` fixture, `jobs` has no grants for anon or
 * authenticated; `tasks` is granted to authenticated under RLS, each user using only messages whose
 * `owner` is them. The target message is Alice's.
 *
 * ✓ = the call does it (sends, returns the message, archives or deletes it);
 * ∅ = the call answers but the message stays out of reach (nothing read, `false`);
 * 401 / 403 = refused with PostgREST's 42501 error (anon gets 401, a signed-in user 403).
 */
export const PGMQ_PUBLIC_ACCESS_MATRIX = `
#  queue   action    service  anon  alice  bob
   jobs    send      ✓        401   403    403
   jobs    read      ✓        401   403    403
   jobs    pop       ✓        401   403    403
   jobs    archive   ✓        401   403    403
   jobs    delete    ✓        401   403    403
   tasks   send      ✓        401   ✓      403
   tasks   read      ✓        401   ✓      ∅
   tasks   pop       ✓        401   ✓      ∅
   tasks   archive   ✓        401   ✓      ∅
   tasks   delete    ✓        401   ✓      ∅
`;

export const MATRIX_CALLERS = ["service", "anon", "alice", "bob"] as const;
export type MatrixCaller = (typeof MATRIX_CALLERS)[number];
export type QueueAction = "send" | "read" | "pop" | "archive" | "delete";
export type Expected = "✓" | "∅" | "401" | "403";

export interface AccessRow {
  queue: string;
  action: QueueAction;
  caller: MatrixCaller;
  expected: Expected;
}

/** One row per (queue, action, caller). */
export function parseAccessMatrix(matrix: string): AccessRow[] {
  return matrix
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .flatMap((line) => {
      const [queue, action, ...cells] = line.split(/\s+/);
      if (!queue || !action || cells.length !== MATRIX_CALLERS.length) throw new Error(`bad matrix line: ${line}`);
      return MATRIX_CALLERS.map((caller, index) => ({
        queue,
        action: action as QueueAction,
        caller,
        expected: cells[index] as Expected,
      }));
    });
}
