/**
 * Direct database access for what no API can arrange: making a session look old, as if the
 * person had signed in yesterday. Tests still assert only what the app and its API show.
 */
import pg from "pg";

/** Moves every session of `userId` `hours` into the past (GoTrue compares `auth.sessions.created_at`). */
export async function ageSessions(databaseUrl: string, userId: string, hours: number): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      "update auth.sessions set created_at = created_at - make_interval(hours => $2) where user_id = $1",
      [userId, hours],
    );
  } finally {
    await client.end();
  }
}

/**
 * Stands in for the project's `avatars` bucket and its policy (each person reads and writes only
 * under their own user id) until the migration that creates them is on main: a no-op once a
 * policy for the bucket exists.
 */
export async function ensureAvatarsBucket(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      "insert into storage.buckets (id, name, public) values ('avatars', 'avatars', false) on conflict (id) do nothing",
    );
    await client.query(`
      do $$ begin
        if not exists (
          select 1 from pg_policies
          where schemaname = 'storage' and tablename = 'objects'
            and (coalesce(qual, '') like '%avatars%' or coalesce(with_check, '') like '%avatars%')
        ) then
          create policy "e2e: avatars in the owner's folder" on storage.objects for all to authenticated
            using (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text)
            with check (bucket_id = 'avatars' and (storage.foldername(name))[1] = (select auth.uid())::text);
        end if;
      end $$`);
  } finally {
    await client.end();
  }
}

/** Makes the open invitation to `email` expire, as if its seven days had passed. */
export async function expireInvitation(databaseUrl: string, email: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      "update public.invitations set expires_at = now() - interval '1 minute' where email = $1 and accepted_at is null",
      [email],
    );
  } finally {
    await client.end();
  }
}
