import { validation } from "../errors.ts";
import { requireAdmin } from "../http/caller.ts";
import { route } from "../http/route.ts";
import { listUsers } from "../users/admin-list-users.ts";

const positive = (value: string | undefined, fallback: number) => {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw validation(`Bad Pagination Parameters: invalid value "${value}"`);
  return n;
};

/**
 * GET /admin/users (`admin.listUsers`): `{users, aud}` with `X-Total-Count` and a `Link` header the
 * client parses naively, so `page` comes first and `rel` is quoted.
 */
export const adminUsersListRoute = route("get", "/admin/users", async (c, core) => {
  requireAdmin(c);
  const page = positive(c.req.query("page"), 1);
  const perPage = positive(c.req.query("per_page"), 50);
  const sort = (c.req.query("sort") ?? "created_at desc").trim().split(/\s+/);
  if (sort[0] !== "created_at" || (sort[1] !== undefined && !/^(asc|desc)$/i.test(sort[1]))) {
    throw validation(`Bad Sort Parameters: ${c.req.query("sort")}`);
  }
  const { users, total } = await listUsers(core, {
    page,
    perPage,
    filter: c.req.query("filter"),
    ascending: sort[1]?.toLowerCase() === "asc",
  });
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const link = (n: number) => `</admin/users?page=${n}&per_page=${perPage}>`;
  const links = [...(page < lastPage ? [`${link(page + 1)}; rel="next"`] : []), `${link(lastPage)}; rel="last"`];
  c.header("X-Total-Count", String(total));
  c.header("Link", links.join(", "));
  return c.json({ users, aud: "authenticated" });
});
