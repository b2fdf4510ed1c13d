import type { AuthCore } from "../core.ts";
import { userJson, type UserJson } from "./user-json.ts";
import type { IdentityRow, UserRow } from "./user-row.ts";

export interface ListUsersInput {
  page: number;
  perPage: number;
  filter?: string;
  ascending: boolean;
}

/**
 * GET /admin/users (auth: internal/api/admin.go adminUsers, models.FindUsersInAudience): a page of
 * users in the `authenticated` audience, filtered by email (LIKE) or `full_name` (ILIKE).
 */
export async function listUsers(core: AuthCore, input: ListUsersInput): Promise<{ users: UserJson[]; total: number }> {
  const params: unknown[] = [];
  let where = "aud = 'authenticated'";
  if (input.filter) {
    params.push(`%${input.filter}%`);
    where += ` and (email ilike $1 or raw_user_meta_data ->> 'full_name' ilike $1)`;
  }
  const total = Number(
    (await core.pool.query<{ n: string }>(`select count(*) as n from auth.users where ${where}`, params)).rows[0]?.n ??
      0,
  );
  const { rows } = await core.pool.query<UserRow>(
    `select * from auth.users where ${where} order by created_at ${input.ascending ? "asc" : "desc"}, id limit ${input.perPage} offset ${(input.page - 1) * input.perPage}`,
    params,
  );
  const ids = rows.map((row) => row.id);
  const identities = ids.length
    ? (
        await core.pool.query<IdentityRow>(
          "select * from auth.identities where user_id = any($1) order by created_at, id",
          [ids],
        )
      ).rows
    : [];
  return {
    users: rows.map((row) =>
      userJson(
        row,
        identities.filter((i) => i.user_id === row.id),
      ),
    ),
    total,
  };
}
