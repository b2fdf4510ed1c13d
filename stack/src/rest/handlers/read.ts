// GET/HEAD on a table or view (PostgREST Plan.hs `wrappedReadPlan`, Response.hs `readResponse`).

import type { Database } from "../../db/index.ts";
import { errors } from "../errors.ts";
import { createShapeMemo } from "../compiled/shape-memo.ts";
import { buildReadTree, type ReadNode } from "../plan/read-tree.ts";
import { preferenceAppliedHeader, type PreferCount, type Preferences } from "../parse/index.ts";
import type { Table } from "../schema-cache/types.ts";
import { Params } from "../sql/params.ts";
import { nodeSelect } from "../sql/select-sql.ts";
import { mainStatement, type BodyKind } from "../sql/statement.ts";
import { ALL_ROWS, countSqlFor, countsPageRows, pageOfCount, plannedCount } from "./count.ts";
import { runStatement } from "./execute.ts";
import { explainAnswer } from "./explain.ts";
import { bodyKind, negotiate, type Negotiated } from "./negotiate.ts";
import type { RestRequest, RestSettings } from "./request-context.ts";
import { applyResponseGucs, contentRange, type Answer } from "./respond.ts";

/** What a read request's shape decides: the plan, the main statement and its bind values. */
interface CompiledRead {
  readonly media: Negotiated;
  readonly root: ReadNode;
  readonly sql: string;
  readonly values: readonly unknown[];
  /** The answer's `Content-Location`: the table and the canonical query string. */
  readonly contentLocation: string;
  /** The answer's `Preference-Applied`, or undefined. */
  readonly preferenceApplied: string | undefined;
}

/** What a read honours of `Prefer`, in PostgREST's order (`max-affected` is for writes). */
function appliedPreferences({ count, tx, handling, timezone }: Preferences): string | undefined {
  return preferenceAppliedHeader({ invalid: [], count, tx, handling, timezone });
}

/** Reads of the same shape on the same table under the same schema cache share their statement. */
const rememberedRead = createShapeMemo<CompiledRead>();

function compileRead(request: RestRequest, table: Table, config: RestSettings): CompiledRead {
  const { parsed, cache } = request;
  const media = negotiate(parsed.accept, request.config.planEnabled);
  const root = buildReadTree(cache, table, table, table.name, parsed, { maxRows: config.maxRows });
  const body = request.method === "HEAD" ? "none" : bodyKind(media);
  const contentLocation = `/${table.name}${parsed.canonicalQuery === "" ? "" : `?${parsed.canonicalQuery}`}`;
  const preferenceApplied = appliedPreferences(parsed.preferences);
  return {
    media,
    root,
    contentLocation,
    preferenceApplied,
    ...readStatement(root, body, parsed.preferences.count, config.maxRows),
  };
}

/**
 * The main statement of a read. An exact count over the page's own rows is read in the same scan
 * as the page (`countsPageRows`): a HEAD counts the count query's rows once and derives the page
 * size from the range; an unranged page is its own total. Otherwise the count is a subquery beside
 * the page, as PostgREST's statement has it.
 */
function readStatement(
  root: ReadNode,
  body: BodyKind,
  countKind: PreferCount | undefined,
  maxRows: number | undefined,
): { sql: string; values: readonly unknown[] } {
  const p = new Params();
  // Built in every case: its errors (an order by a relation not embedded, …) are the request's.
  const page = nodeSelect(root, p);
  if (countKind === "exact" && countsPageRows(root)) {
    if (body === "none") {
      const q = new Params();
      const source = nodeSelect(root, q, { countOnly: true });
      const pageTotal = pageOfCount(root.range, q);
      return { sql: mainStatement({ source, body, count: ALL_ROWS, pageTotal }), values: Object.freeze(q.values) };
    }
    if (root.range.offset === 0 && root.range.limit === undefined)
      return { sql: mainStatement({ source: page, body, count: ALL_ROWS }), values: Object.freeze(p.values) };
  }
  const count =
    countKind === "exact" || countKind === "estimated"
      ? countSqlFor(countKind, nodeSelect(root, p, { countOnly: true }), maxRows)
      : undefined;
  return { sql: mainStatement({ source: page, body, ...(count ? { count } : {}) }), values: Object.freeze(p.values) };
}

export async function readRelation(
  db: Database,
  request: RestRequest,
  table: Table,
  config: RestSettings,
): Promise<Answer> {
  const { parsed } = request;
  // The settings come from the schema cache (in-database values) and the service's own config, so
  // they are the same for every request that shares this parse.
  const { media, root, sql, values, contentLocation, preferenceApplied } = rememberedRead(parsed, table, () =>
    compileRead(request, table, config),
  );
  if (media.plan) return explainAnswer(db, request, sql, [...values], media.plan, true);
  const countKind = parsed.preferences.count;
  let planned: number | undefined;
  const needsPlan = countKind === "planned" || countKind === "estimated";
  const row = await runStatement(db, request, sql, values, {
    readOnly: true,
    ...(needsPlan || media.kind === "object"
      ? {
          async after(result, query) {
            if (
              countKind === "planned" ||
              (countKind === "estimated" &&
                (config.maxRows === undefined || Number(result.total_result_set) > config.maxRows))
            ) {
              const cp = new Params();
              planned = await plannedCount(query, nodeSelect(root, cp, { countOnly: true }), cp.values);
            }
            if (media.kind === "object" && Number(result.page_total) !== 1)
              throw errors.singular(Number(result.page_total));
          },
        }
      : {}),
  });
  const rows = Number(row.page_total);
  let total = row.total_result_set === null ? undefined : Number(row.total_result_set);
  if (countKind === "planned") total = planned;
  else if (countKind === "estimated" && planned !== undefined) total = Math.max(total ?? 0, planned);
  const offset = root.range.offset;
  if (total !== undefined && offset > total && !(offset === 0)) throw errors.offsetOutOfRange(offset, total);
  const answer: Answer = {
    status: total !== undefined && rows < total && !(total === 0) ? 206 : 200,
    body: row.body,
    headers: {
      "Content-Type": media.contentType,
      "Content-Range": contentRange(offset, rows, total),
      "Content-Location": contentLocation,
      ...(config.schemas.length > 1 || request.profileSent ? { "Content-Profile": request.schema } : {}),
    },
  };
  if (total !== undefined && offset > total) answer.headers["Content-Range"] = `*/${total}`;
  if (preferenceApplied !== undefined) answer.headers["Preference-Applied"] = preferenceApplied;
  return applyResponseGucs(answer, row);
}
