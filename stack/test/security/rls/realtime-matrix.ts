/**
 * Realtime: what each caller receives or may send, per channel kind, read from the publication and
 * the policies on realtime.messages (supabase/migrations/*_realtime.sql) and the table policies that
 * realtime applies per subscriber to postgres changes. ✓ = joined and the event arrived (or was
 * delivered to the other side); ✗ = the join was refused or nothing arrived.
 *
 * Private topics (`{ config: { private: true } }`): `workspace:<id>` (presence, workspace
 * broadcasts) needs membership of the workspace; `channel:<id>:typing` needs read access to the
 * channel (so the admin, not in the private channel, is refused). Typing and "online" are sent by
 * the database (send_typing, announce_online, naming auth.uid()), never straight from a client, so
 * no one types or shows online under another's name; a presence key alone is the client's claim
 * (supabase/migrations/*_realtime_signals_name_their_sender.sql). The observer on the other side is
 * the member (the owner when the member is the actor). A public (not private) topic is open to any
 * holder of the api key by Supabase's design; Parley uses none, and its row documents that.
 * Deletes skip RLS upstream (there is no row left to check) but carry only the primary key, which
 * is why Parley's keys are meaningless uuids: every subscriber gets `{id}` and nothing else. With
 * the default replica identity a delete matches only a filter on that id (realtime.test.ts also
 * checks, table by table, that no delete reveals who or where).
 */
export const REALTIME_MATRIX = `
#  kind                 action                                     owner admin member outsider anonymous signed-out
   postgres-changes     receive an insert in the public channel    ✓ ✓ ✓ ✗ ✗ ✗
   postgres-changes     receive an insert in the private channel   ✓ ✗ ✓ ✗ ✗ ✗
   postgres-changes     receive an edit in the private channel     ✓ ✗ ✓ ✗ ✗ ✗
   postgres-changes     receive a delete in the private channel, key only  ✓ ✓ ✓ ✓ ✓ ✓
   postgres-changes     receive another user's read marker         ✗ ✗ ✗ ✗ ✗ ✗
   presence             see who is online in the workspace         ✓ ✓ ✓ ✗ ✗ ✗
   presence             appear online in the workspace             ✓ ✓ ✓ ✗ ✗ ✗
   broadcast            announce being online (announce_online)    ✓ ✓ ✓ ✗ ✗ ✗
   broadcast            broadcast being online straight from the client  ✗ ✗ ✗ ✗ ✗ ✗
   broadcast            receive typing in the private channel      ✓ ✗ ✓ ✗ ✗ ✗
   broadcast            send typing in the private channel (send_typing)  ✓ ✗ ✓ ✗ ✗ ✗
   broadcast            broadcast typing straight from the client  ✗ ✗ ✗ ✗ ✗ ✗
   broadcast            send typing through the HTTP API           ✗ ✗ ✗ ✗ ✗ ✗
   broadcast            receive on a public topic                  ✓ ✓ ✓ ✓ ✓ ✓
`;
