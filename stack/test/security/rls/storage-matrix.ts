/**
 * Storage (supabase-js `.storage`): who may do what in each bucket, read from the storage.objects
 * policies in supabase/migrations/*_storage.sql. ✓ = the call succeeds and has its effect (the file
 * is stored / replaced / gone, the download has the bytes, the listing shows the file); ✗ = refused
 * or without effect. Files "of the member" are uploaded by the member beforehand.
 *
 *   attachments (private)  <workspace>/<channel>/<uuid>/<name>: whoever reads the channel reads and
 *                          uploads; the uploader replaces; the uploader or a workspace admin removes
 *                          (an admin who cannot read a private channel cannot see its files, so cannot
 *                          remove them either: PostgreSQL applies the select policy to a delete's rows).
 *   avatars (public)       <user>/<name>: only the user lists and writes their folder (folder
 *                          names are user ids: a listing of the root must not enumerate users);
 *                          anyone (signed out too) downloads, through the public URL or the
 *                          object route (upstream storage reads public buckets without RLS:
 *                          src/http/routes/object/getObject.ts).
 */
export const STORAGE_MATRIX = `
#  bucket        action      target                                   owner admin member outsider anonymous signed-out
   attachments   upload      into the public channel                  ✓ ✓ ✓ ✗ ✗ ✗
   attachments   upload      into the private channel                 ✓ ✗ ✓ ✗ ✗ ✗
   attachments   upload      into another workspace's channel         ✗ ✗ ✗ ✗ ✗ ✗
   attachments   upload      under a malformed path                   ✗ ✗ ✗ ✗ ✗ ✗
   attachments   download    the member's file, public channel        ✓ ✓ ✓ ✗ ✗ ✗
   attachments   download    the member's file, private channel       ✓ ✗ ✓ ✗ ✗ ✗
   attachments   sign-url    the member's file, private channel       ✓ ✗ ✓ ✗ ✗ ✗
   attachments   public-url  the member's file, public channel        ✗ ✗ ✗ ✗ ✗ ✗
   attachments   list        the public channel's folder              ✓ ✓ ✓ ✗ ✗ ✗
   attachments   list        the private channel's folder             ✓ ✗ ✓ ✗ ✗ ✗
   attachments   replace     the member's file, public channel        ✗ ✗ ✓ ✗ ✗ ✗
   attachments   remove      the member's file, public channel        ✓ ✓ ✓ ✗ ✗ ✗
   attachments   remove      the member's file, private channel       ✓ ✗ ✓ ✗ ✗ ✗
   avatars       upload      into the caller's own folder             ✓ ✓ ✓ ✓ ✓ ✗
   avatars       upload      into the member's folder                 ✗ ✗ ✓ ✗ ✗ ✗
   avatars       download    the member's avatar                      ✓ ✓ ✓ ✓ ✓ ✓
   avatars       public-url  the member's avatar                      ✓ ✓ ✓ ✓ ✓ ✓
   avatars       list        the member's folder                      ✗ ✗ ✓ ✗ ✗ ✗
   avatars       list        the bucket root, showing the member      ✗ ✗ ✓ ✗ ✗ ✗
   avatars       replace     the member's avatar                      ✗ ✗ ✓ ✗ ✗ ✗
   avatars       remove      the member's avatar                      ✗ ✗ ✓ ✗ ✗ ✗
`;
