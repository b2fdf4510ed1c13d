/** One page of a PostgREST query, as supabase-js answers it. */
type PageQuery = (from: number, to: number) => PromiseLike<{ data: unknown[] | null; error: unknown }>;

/** Rows per request: the API's `max_rows` (config.toml) caps every answer at 1,000. */
const PAGE = 1000;

/**
 * Reads every row of a query page by page (the query must have a stable order).
 * @example const rows = await fetchAll((from, to) => client.from("channels").select("*").order("id").range(from, to));
 */
export async function fetchAll<T>(page: PageQuery): Promise<T[]> {
  const rows: T[] = [];
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await page(from, from + PAGE - 1);
    if (error) throw error;
    rows.push(...((data ?? []) as T[]));
    if (!data || data.length < PAGE) return rows;
  }
}
