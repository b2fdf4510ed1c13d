/**
 * Where a person lands (public.last_conversations, migration *_last_conversation.sql): one row per
 * person naming the conversation they had open last. ✓ = the change happens (or the row is
 * visible), ✗ = refused, invisible or without effect.
 *
 * Before every case the member's own note points at the workspace's second public channel, and
 * nobody else has one. The owner and the member read the private channel; the admin does not; the
 * outsider reads only a channel of their own workspace; `anonymous` is a signed-in stranger in no
 * workspace; `signed-out` has the publishable key only.
 *
 *   read       the actor selects the member's note
 *   remember   the actor upserts their own note (insert, or update when they have one) at the target
 *   repoint    the actor already has a note at a public channel and moves it to the target
 *   overwrite  the actor upserts a note for the member, at a public channel
 *   update     the actor updates the member's note to a public channel
 *   delete     the actor deletes the member's note
 */
export const LAST_CONVERSATION_MATRIX = `
#  action      target                   owner admin member outsider anonymous signed-out
   read        the member's note        ✗ ✗ ✓ ✗ ✗ ✗
   remember    a public channel         ✓ ✓ ✓ ✗ ✗ ✗
   remember    the private channel      ✓ ✗ ✓ ✗ ✗ ✗
   remember    the outsider's channel   ✗ ✗ ✗ ✓ ✗ ✗
   repoint     the private channel      ✓ ✗ ✓ ✗ ✗ ✗
   overwrite   the member's note        ✗ ✗ ✓ ✗ ✗ ✗
   update      the member's note        ✗ ✗ ✓ ✗ ✗ ✗
   delete      the member's note        ✗ ✗ ✓ ✗ ✗ ✗
`;
