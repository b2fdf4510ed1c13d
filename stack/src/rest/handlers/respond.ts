// Response assembly: status, Content-Range, profile and preference headers, then the response GUCs
// (PostgREST Response.hs).

import { setHeader, type ServiceAnswer } from "../../gateway/index.ts";
import { errors, type RestErrorBody, type RestProblem } from "../errors.ts";
import { preferenceAppliedHeader, type Preferences } from "../parse/index.ts";
import type { StatementRow } from "../sql/statement.ts";

export interface Answer {
  status: number;
  body: string | null;
  headers: Record<string, string>;
}

/** `Content-Range` for reads: `first-last/total` with `*` for unknown parts. */
export function contentRange(offset: number, rows: number, total: number | undefined): string {
  const range = rows === 0 || total === 0 ? "*" : `${offset}-${offset + rows - 1}`;
  return `${range}/${total === undefined ? "*" : total}`;
}

/** Applies `response.headers` / `response.status` set by SQL during the request. */
export function applyResponseGucs(answer: Answer, row: StatementRow): Answer {
  if (row.response_headers !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.response_headers);
    } catch {
      throw errors.badResponseHeaders();
    }
    if (!Array.isArray(parsed)) throw errors.badResponseHeaders();
    for (const entry of parsed) {
      const pairs = typeof entry === "object" && entry !== null ? Object.entries(entry as Record<string, unknown>) : [];
      const [pair] = pairs;
      if (pairs.length !== 1 || pair === undefined || typeof pair[1] !== "string") throw errors.badResponseHeaders();
      const existing = Object.keys(answer.headers).find((k) => k.toLowerCase() === pair[0].toLowerCase());
      if (existing !== undefined && existing !== pair[0]) delete answer.headers[existing];
      answer.headers[pair[0]] =
        existing === pair[0] && pair[0].toLowerCase() === "set-cookie"
          ? `${answer.headers[pair[0]]}, ${pair[1]}`
          : pair[1];
    }
  }
  if (row.response_status !== null) {
    const status = Number(row.response_status);
    if (!Number.isInteger(status) || status < 100 || status > 599) throw errors.badResponseStatus();
    answer.status = status;
  }
  return answer;
}

type Family = "resolution" | "missing" | "return" | "count" | "tx" | "handling" | "timezone" | "maxAffected";

/** Adds `Preference-Applied` for the families this response honoured. */
export function withPreferences(
  answer: Answer,
  prefs: Preferences,
  families: readonly Family[] = ["count", "handling", "timezone"],
): Answer {
  const kept: Record<string, unknown> = { invalid: [] };
  for (const family of families) if (prefs[family] !== undefined) kept[family] = prefs[family];
  const applied = preferenceAppliedHeader(kept as unknown as Preferences);
  if (applied !== undefined) answer.headers["Preference-Applied"] = applied;
  return answer;
}

/**
 * The answer as the gateway sends it: no body for HEAD and 204 (nor a length then), else the body
 * with its Content-Length (an empty body too).
 */
export function toServiceAnswer(answer: Answer, head = false): ServiceAnswer {
  const body = head || answer.status === 204 ? null : answer.body;
  if (body !== null) setHeader(answer.headers, "Content-Length", String(Buffer.byteLength(body)));
  return { status: answer.status, headers: answer.headers, body };
}

/** PostgREST's error body, with `Proxy-Status` naming the code (and any headers the error carries). */
export function errorAnswer(problem: RestProblem): ServiceAnswer {
  const body: RestErrorBody = problem.body;
  const json = JSON.stringify({ code: body.code, details: body.details, hint: body.hint, message: body.message });
  const headers: Record<string, string> = {
    "Content-Type": "application/json; charset=utf-8",
    "Proxy-Status": `PostgREST; error=${body.code}`,
  };
  for (const [name, value] of Object.entries(body.headers ?? {})) setHeader(headers, name, value);
  setHeader(headers, "Content-Length", String(Buffer.byteLength(json)));
  return { status: body.status, headers, body: json };
}
