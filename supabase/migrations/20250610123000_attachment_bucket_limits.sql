-- The chat composer shows the attachments bucket's limits (size, allowed types) before an upload
-- and checks files against them, reading them with supabase.storage.getBucket('attachments'),
-- which runs as the caller under RLS on storage.buckets. Signed-in users may read that one
-- bucket's row (its limits are no secret); they still cannot list, create or change buckets.
do $migration$
begin
  if to_regclass('storage.buckets') is null then
    raise notice 'storage schema absent: no bucket read policy';
    return;
  end if;

  create policy "signed-in users read the attachments bucket's limits" on storage.buckets
    for select to authenticated
    using (id = 'attachments');
end
$migration$;
