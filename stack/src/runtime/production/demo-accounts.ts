import type { Database } from "../../db/index.ts";
import { UnsafeProductionError } from "./unsafe-settings.ts";

/**
 * Passwords published with demo data: the repository's `supabase/seed.sql` gives every demo
 * account `parley-demo`.
 */
const KNOWN_DEMO_PASSWORDS = ["parley-demo"];

/**
 * How many of the oldest accounts are checked for a known demo password: a seeded data folder's
 * demo accounts are its first ones, and each check is a bcrypt hash (tens of milliseconds), so not
 * every account of a large folder is hashed at each start.
 */
const OLDEST_ACCOUNTS_CHECKED = 10;

/**
 * Accounts no production folder holds on purpose: addresses at the domains reserved for tests and
 * examples (RFC 2606 and RFC 6761: `.test`, `.example`, `.invalid`, `.localhost`, example.com/net/
 * org, which no mail ever reaches — the demo seed's are `@parley.test`), and among the oldest
 * accounts, any whose password is a published demo one.
 */
const DEMO_ACCOUNTS_SQL = `
with oldest as (
  select id from auth.users order by created_at, id limit $2
)
select coalesce(email, phone, id::text) as account
from auth.users
where lower(split_part(email, '@', 2)) ~ '(^|\\.)(test|example|invalid|localhost)$'
   or lower(split_part(email, '@', 2)) ~ '(^|\\.)example\\.(com|net|org)$'
   or (id in (select id from oldest)
       and encrypted_password like '$2%'
       and exists (select 1 from unnest($1::text[]) as known(password)
                   where extensions.crypt(known.password, encrypted_password) = encrypted_password))
order by created_at, id
limit 20`;

/**
 * Refuses a production start on a data folder that holds demo accounts (a development folder the
 * seed filled): their passwords are published, so anyone could sign in as their owner.
 * `--allow-demo-accounts` (PARLEY_STACK_ALLOW_DEMO_ACCOUNTS=true) serves them on purpose.
 * @throws {UnsafeProductionError} naming the accounts and the ways out.
 */
export async function assertNoDemoAccounts(db: Database, dataDir: string): Promise<void> {
  const { rows } = await db.admin.query<{ account: string }>(DEMO_ACCOUNTS_SQL, [
    KNOWN_DEMO_PASSWORDS,
    OLDEST_ACCOUNTS_CHECKED,
  ]);
  if (rows.length === 0) return;
  throw new UnsafeProductionError([
    `the data folder ${dataDir} holds demo accounts (${rows.map((row) => row.account).join(", ")}) — at test domains or with a published demo password — so anyone could sign in as them: it is a development data folder. ` +
      "Start production on a new data folder (PARLEY_STACK_DATA_DIR), delete those accounts, or pass --allow-demo-accounts (PARLEY_STACK_ALLOW_DEMO_ACCOUNTS=true) to serve them on purpose.",
  ]);
}
