/**
 * Direct messages: who may do what with a DM, read from supabase/migrations/*_direct_messages*.sql.
 * ✓ = it worked (the row is visible, the change happened, the event arrived); ✗ = refused,
 * invisible or without effect.
 *
 * The DM is between `participant` (the world's member) and a second plain member of the workspace
 * (the peer, who writes the messages, reactions and files the rows look at). Outside it:
 * `bystander`, a plain member of the same workspace; `admin` and `owner` of the workspace, who
 * manage private channels but must not see, read, join, rename or moderate anyone's DMs; the
 * `outsider`, who owns another workspace; `anonymous` (signInAnonymously) and `signed-out`.
 * "In a DM of their own" rows use a DM of the actor and the peer: being an admin of the workspace
 * gives no power over the other person's words there either.
 */
export const DM_ACTORS = ["participant", "bystander", "admin", "owner", "outsider", "anonymous", "signed-out"] as const;
export type DmActor = (typeof DM_ACTORS)[number];

export const DM_MATRIX = `
#  area         action                                             participant bystander admin owner outsider anonymous signed-out
   channels     see the DM                                           ✓ ✗ ✗ ✗ ✗ ✗ ✗
   channels     rename the DM                                        ✗ ✗ ✗ ✗ ✗ ✗ ✗
   channels     archive the DM                                       ✗ ✗ ✗ ✗ ✗ ✗ ✗
   channels     make the DM public                                   ✗ ✗ ✗ ✗ ✗ ✗ ✗
   channels     delete the DM                                        ✗ ✗ ✗ ✗ ✗ ✗ ✗
   channels     insert a DM straight into channels                   ✗ ✗ ✗ ✗ ✗ ✗ ✗
   members      see who is in the DM                                 ✓ ✗ ✗ ✗ ✗ ✗ ✗
   members      join the DM                                          ✗ ✗ ✗ ✗ ✗ ✗ ✗
   members      add the bystander to the DM                          ✗ ✗ ✗ ✗ ✗ ✗ ✗
   members      remove the peer from the DM                          ✗ ✗ ✗ ✗ ✗ ✗ ✗
   members      leave the DM                                         ✗ ✗ ✗ ✗ ✗ ✗ ✗
   messages     read the peer's message                              ✓ ✗ ✗ ✗ ✗ ✗ ✗
   messages     post in the DM                                       ✓ ✗ ✗ ✗ ✗ ✗ ✗
   messages     reply in the DM's thread                             ✓ ✗ ✗ ✗ ✗ ✗ ✗
   messages     soft-delete the peer's message                       ✗ ✗ ✗ ✗ ✗ ✗ ✗
   messages     soft-delete the peer's message in a DM of their own  ✗ ✗ ✗ ✗ ✗ ✗ ✗
   attachments  remove the peer's attachment in a DM of their own    ✗ ✗ ✗ ✗ ✗ ✗ ✗
   reactions    see the peer's reaction                              ✓ ✗ ✗ ✗ ✗ ✗ ✗
   reactions    react in the DM                                      ✓ ✗ ✗ ✗ ✗ ✗ ✗
   attachments  see the peer's attachment                            ✓ ✗ ✗ ✗ ✗ ✗ ✗
   attachments  remove the peer's attachment                         ✗ ✗ ✗ ✗ ✗ ✗ ✗
   storage      download the peer's file                             ✓ ✗ ✗ ✗ ✗ ✗ ✗
   storage      list the DM's folder                                 ✓ ✗ ✗ ✗ ✗ ✗ ✗
   storage      upload into the DM's folder                          ✓ ✗ ✗ ✗ ✗ ✗ ✗
   storage      remove the peer's file                               ✗ ✗ ✗ ✗ ✗ ✗ ✗
   storage      remove the peer's file in a DM of their own          ✗ ✗ ✗ ✗ ✗ ✗ ✗
   realtime     receive the peer's message (postgres_changes)        ✓ ✗ ✗ ✗ ✗ ✗ ✗
   realtime     hear of a new DM they are in (postgres_changes)      ✓ ✗ ✗ ✗ ✗ ✗ ✗
   realtime     receive the peer typing                              ✓ ✗ ✗ ✗ ✗ ✗ ✗
   realtime     send typing (send_typing)                            ✓ ✗ ✗ ✗ ✗ ✗ ✗
   rpc          find the DM's message (search_messages)              ✓ ✗ ✗ ✗ ✗ ✗ ✗
   rpc          see the DM's unread count (channel_unread_counts)    ✓ ✗ ✗ ✗ ✗ ✗ ✗
   rpc          mark the DM read (mark_channel_read)                 ✓ ✗ ✗ ✗ ✗ ✗ ✗
   rpc          reopen the DM with the peer, same id                 ✓ ✗ ✗ ✗ ✗ ✗ ✗
   rpc          open a DM with a member of the workspace             ✓ ✓ ✓ ✓ ✗ ✗ ✗
   rpc          open a DM with someone outside the workspace         ✗ ✗ ✗ ✗ ✗ ✗ ✗
   rpc          find the DM in the channel directory                 ✗ ✗ ✗ ✗ ✗ ✗ ✗
`;
