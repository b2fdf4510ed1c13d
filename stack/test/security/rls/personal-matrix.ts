/**
 * Pins, saved items, edit history and status: who may do what, read from
 * supabase/migrations/20251126140000_pins_saved_and_edit_history.sql and
 * supabase/migrations/20251126140100_status_and_time_zone.sql.
 * ✓ = it worked (the row is visible, the change happened); ✗ = refused, invisible or without effect.
 *
 * Conversations: the world's public channel (every workspace member reads it), its private
 * channel (owner and member; the admin is not in it) and a DM of the member and the peer (a second
 * plain member, who writes the messages, pins, saved items and statuses the rows look at; owner
 * and admin are outside it). `outsider` owns another workspace; `anonymous` signed in anonymously.
 * A saved item is seen, and so removed, only while its saver can read the message: the outsider's
 * and the anonymous user's rows (put there by the database owner) stay out of their reach.
 */
export const PERSONAL_MATRIX = `
#  area      action                                            owner admin member outsider anonymous signed-out
   pins      see a pin in the public channel                     ✓ ✓ ✓ ✗ ✗ ✗
   pins      see a pin in the private channel                    ✓ ✗ ✓ ✗ ✗ ✗
   pins      see a pin in the DM                                 ✗ ✗ ✓ ✗ ✗ ✗
   pins      pin a message in the public channel                 ✓ ✓ ✓ ✗ ✗ ✗
   pins      pin a message in the private channel                ✓ ✗ ✓ ✗ ✗ ✗
   pins      pin a message in the DM                             ✗ ✗ ✓ ✗ ✗ ✗
   pins      pin a message in the peer's name                    ✗ ✗ ✗ ✗ ✗ ✗
   pins      unpin the peer's pin in the public channel          ✓ ✓ ✓ ✗ ✗ ✗
   pins      unpin the peer's pin in the DM                      ✗ ✗ ✓ ✗ ✗ ✗
   saved     see what the peer saved                             ✗ ✗ ✗ ✗ ✗ ✗
   saved     save a message in the public channel                ✓ ✓ ✓ ✗ ✗ ✗
   saved     save a message in the DM                            ✗ ✗ ✓ ✗ ✗ ✗
   saved     save a message in the peer's name                   ✗ ✗ ✗ ✗ ✗ ✗
   saved     remove what the peer saved                          ✗ ✗ ✗ ✗ ✗ ✗
   saved     remove what they saved from the public channel      ✓ ✓ ✓ ✗ ✗ ✗
   edits     read the history of a public message                ✓ ✓ ✓ ✗ ✗ ✗
   edits     read the history of a private channel's message     ✓ ✗ ✓ ✗ ✗ ✗
   edits     read the history of a DM's message                  ✗ ✗ ✓ ✗ ✗ ✗
   edits     write a false earlier version                       ✗ ✗ ✗ ✗ ✗ ✗
   edits     erase a message's history                           ✗ ✗ ✗ ✗ ✗ ✗
   status    see the peer's status                               ✓ ✓ ✓ ✗ ✗ ✗
   status    see a teammate's expired status                     ✗ ✗ ✗ ✗ ✗ ✗
   status    set their own status                                ✓ ✓ ✓ ✓ ✓ ✗
   status    set a status in the peer's name                     ✗ ✗ ✗ ✗ ✗ ✗
   status    change the peer's status                            ✗ ✗ ✗ ✗ ✗ ✗
   status    clear the peer's status                             ✗ ✗ ✗ ✗ ✗ ✗
   profiles  set their own time zone                             ✓ ✓ ✓ ✓ ✓ ✗
   profiles  set a time zone that does not exist                 ✗ ✗ ✗ ✗ ✗ ✗
`;
