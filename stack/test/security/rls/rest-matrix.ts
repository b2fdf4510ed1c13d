/**
 * REST (PostgREST through supabase-js `.from` and `.rpc`): who may do what, read from the policies
 * in supabase/migrations. ✓ = the change happens (or the row is visible / the call answers with
 * data), ✗ = refused, invisible or without effect.
 *
 * The workspace has an owner, an admin and a member; the outsider owns another workspace; the
 * private channel's members are the owner and the member — not the admin. `anonymous` is a
 * `signInAnonymously` user (role authenticated, is_anonymous) in no workspace: the policies treat
 * them like any signed-in stranger, so they may create a workspace of their own ("try it") and see
 * nothing else. `signed-out` has the publishable key only (role anon), to which no policy applies.
 * Select targets of channels, messages, reactions and attachments lie in the private channel.
 */
export const REST_TABLE_MATRIX = `
#  table               action         owner admin member outsider anonymous signed-out
   profiles            select         ✓ ✓ ✓ ✗ ✗ ✗
   profiles            insert         ✗ ✗ ✗ ✗ ✗ ✗
   profiles            update         ✗ ✗ ✓ ✗ ✗ ✗
   profiles            delete         ✗ ✗ ✗ ✗ ✗ ✗
   workspaces          select         ✓ ✓ ✓ ✗ ✗ ✗
   workspaces          insert         ✓ ✓ ✓ ✓ ✓ ✗
   workspaces          update         ✓ ✓ ✗ ✗ ✗ ✗
   workspaces          delete         ✓ ✗ ✗ ✗ ✗ ✗
   workspace_members   select         ✓ ✓ ✓ ✗ ✗ ✗
   workspace_members   insert         ✗ ✗ ✗ ✗ ✗ ✗
   workspace_members   update         ✓ ✓ ✗ ✗ ✗ ✗
   workspace_members   delete         ✓ ✓ ✗ ✗ ✗ ✗
   channels            select         ✓ ✓ ✓ ✗ ✗ ✗
   channels            insert         ✓ ✓ ✓ ✗ ✗ ✗
   channels            update         ✓ ✓ ✗ ✗ ✗ ✗
   channels            delete         ✓ ✓ ✗ ✗ ✗ ✗
   channel_members     select         ✓ ✓ ✓ ✗ ✗ ✗
   channel_members     insert         ✓ ✗ ✓ ✗ ✗ ✗
   channel_members     update         ✗ ✗ ✗ ✗ ✗ ✗
   channel_members     delete         ✓ ✓ ✗ ✗ ✗ ✗
   messages            select         ✓ ✗ ✓ ✗ ✗ ✗
   messages            insert         ✓ ✓ ✓ ✗ ✗ ✗
   messages            update         ✗ ✗ ✓ ✗ ✗ ✗
   messages            soft-delete    ✓ ✓ ✓ ✗ ✗ ✗
   messages            delete         ✗ ✗ ✗ ✗ ✗ ✗
   reactions           select         ✓ ✗ ✓ ✗ ✗ ✗
   reactions           insert         ✓ ✓ ✓ ✗ ✗ ✗
   reactions           update         ✗ ✗ ✗ ✗ ✗ ✗
   reactions           delete         ✗ ✗ ✓ ✗ ✗ ✗
   attachments         select         ✓ ✗ ✓ ✗ ✗ ✗
   attachments         insert         ✓ ✓ ✓ ✗ ✗ ✗
   attachments         update         ✗ ✗ ✗ ✗ ✗ ✗
   attachments         delete         ✓ ✓ ✓ ✗ ✗ ✗
   read_markers        select         ✗ ✗ ✓ ✗ ✗ ✗
   read_markers        insert         ✓ ✓ ✓ ✗ ✗ ✗
   read_markers        update         ✗ ✗ ✓ ✗ ✗ ✗
   read_markers        delete         ✗ ✗ ✓ ✗ ✗ ✗
   invitations         select         ✓ ✓ ✗ ✗ ✗ ✗
   invitations         insert         ✗ ✗ ✗ ✗ ✗ ✗
   invitations         update         ✗ ✗ ✗ ✗ ✗ ✗
   invitations         delete         ✓ ✓ ✗ ✗ ✗ ✗
`;

/**
 * The database functions exposed as RPC. ✓ = the call succeeds with the private channel in sight
 * (or, for create_workspace, creates a workspace the caller owns).
 *   create_workspace            any signed-in user (anonymous included); revoked from anon
 *   search_messages             finds the private channel's message only for its members
 *   mark_channel_read           moves a marker only in a channel the caller reads
 *   channel_unread_counts       lists the private channel only for its members
 *   prepare_account_deletion    the service role only (the delete-account function)
 */
export const REST_RPC_MATRIX = `
#  function                    owner admin member outsider anonymous signed-out
   create_workspace            ✓ ✓ ✓ ✓ ✓ ✗
   search_messages             ✓ ✗ ✓ ✗ ✗ ✗
   mark_channel_read           ✓ ✗ ✓ ✗ ✗ ✗
   channel_unread_counts       ✓ ✗ ✓ ✗ ✗ ✗
   prepare_account_deletion    ✗ ✗ ✗ ✗ ✗ ✗
`;

/**
 * Escalations a caller might try beyond the table-by-table matrix. ✓ = it worked.
 *   join a private channel I am not in     nobody: admins manage private channels but read them only
 *                                          when a member adds them (migration *_private_channel_self_join)
 *   make the private channel public        only a member of it who manages channels (the owner): the
 *                                          admin outside it could otherwise publish it, read the
 *                                          history and make it private again
 *   make a public channel private and      whoever manages channels (owner, admin); they become a
 *   keep reading it                        member, so they are not locked out of what they hid
 *   add a user to my own workspace         nobody: membership comes from creating a workspace or
 *                                          accepting an invitation, never from someone else's insert
 *                                          (each signed-in actor first creates a workspace of their own)
 *   credit someone else for adding a       nobody: added_by is always the caller
 *   channel member
 *   react or mark read in someone's name   nobody: user_id is always the caller
 *   soft-delete a message in the private   its author, or an admin who reads the channel (the owner);
 *   channel                                the admin outside it cannot even see the row
 *   post in an archived channel            nobody
 *   read the private channel by replying   nobody outside it (a reply lives in its parent's channel)
 */
export const REST_ESCALATION_MATRIX = `
#  attempt                                        owner admin member outsider anonymous signed-out
   join a private channel I am not in             ✗ ✗ ✗ ✗ ✗ ✗
   soft-delete a message in the private channel   ✓ ✗ ✓ ✗ ✗ ✗
   post in an archived channel                    ✗ ✗ ✗ ✗ ✗ ✗
   reply in the private channel's thread          ✓ ✗ ✓ ✗ ✗ ✗
   make the private channel public                ✓ ✗ ✗ ✗ ✗ ✗
   make a public channel private and keep reading it  ✓ ✓ ✗ ✗ ✗ ✗
   add a user to my own workspace                 ✗ ✗ ✗ ✗ ✗ ✗
   credit someone else for adding a channel member    ✗ ✗ ✗ ✗ ✗ ✗
   react in someone else's name                   ✗ ✗ ✗ ✗ ✗ ✗
   mark a channel read in someone else's name     ✗ ✗ ✗ ✗ ✗ ✗
`;
