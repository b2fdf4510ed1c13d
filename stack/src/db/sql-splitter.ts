/** One complete statement of a SQL script, with the line it starts on (1-based). */
export interface SqlStatement {
  text: string;
  line: number;
}

type State =
  | { kind: "code" }
  | { kind: "quote"; escapes: boolean }
  | { kind: "ident" }
  | { kind: "dollar"; tag: string }
  | { kind: "line-comment" }
  | { kind: "block-comment"; depth: number };

const IDENT_CHAR = /[A-Za-z0-9_$]/;
const DOLLAR_TAG = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/;

/**
 * Splits a SQL script into statements at top-level semicolons, the way psql does: semicolons inside
 * 'strings' (E'…' with backslash escapes too), "identifiers", $tag$ bodies $tag$ and comments do
 * not end a statement. Feed it chunks as they are read; text is held only until its statement ends.
 * @example const splitter = new SqlSplitter(); for (const s of splitter.push("select 1; select 2;")) run(s.text);
 */
export class SqlSplitter {
  private buffer = "";
  private scanned = 0;
  private state: State = { kind: "code" };
  private line = 1;
  private startLine = 1;

  push(chunk: string): SqlStatement[] {
    this.buffer += chunk;
    return this.scan(false);
  }

  /** The statement left without a final semicolon, if any text other than whitespace remains. */
  end(): SqlStatement[] {
    const statements = this.scan(true);
    const rest = this.buffer.trim();
    const leadingLines =
      this.buffer.slice(0, this.buffer.length - this.buffer.trimStart().length).split("\n").length - 1;
    if (rest !== "" && !isOnlyComments(rest)) statements.push({ text: rest, line: this.startLine + leadingLines });
    this.buffer = "";
    return statements;
  }

  private scan(final: boolean): SqlStatement[] {
    const statements: SqlStatement[] = [];
    const text = this.buffer;
    let i = this.scanned;
    let start = 0;
    while (i < text.length) {
      // A quote or dollar sign at the very end may be the start of `''`, `$$`, `*/`…: wait for more text.
      if (!final && i >= text.length - 1 && "'$*-/\\".includes(text[i] ?? "")) break;
      const step = this.advance(text, i, final);
      if (step === undefined) break;
      for (let k = i; k < step.next; k++) if (text[k] === "\n") this.line++;
      if (step.statementEnd) {
        const raw = text.slice(start, step.next);
        const body = raw.trim();
        const leadingLines = raw.slice(0, raw.length - raw.trimStart().length).split("\n").length - 1;
        if (body !== ";" && !isOnlyComments(body.slice(0, -1)))
          statements.push({ text: body, line: this.startLine + leadingLines });
        start = step.next;
        this.startLine = this.line;
      }
      i = step.next;
    }
    this.buffer = text.slice(start);
    this.scanned = i - start;
    return statements;
  }

  /** One step of the lexer from position `i`: where it goes next and whether a statement ended. */
  private advance(text: string, i: number, final: boolean): { next: number; statementEnd: boolean } | undefined {
    const c = text[i] ?? "";
    const state = this.state;
    switch (state.kind) {
      case "code": {
        if (c === ";") return { next: i + 1, statementEnd: true };
        if (c === "'") {
          const prev = text[i - 1] ?? "";
          const escapes = (prev === "E" || prev === "e") && !IDENT_CHAR.test(text[i - 2] ?? "");
          this.state = { kind: "quote", escapes };
        } else if (c === '"') this.state = { kind: "ident" };
        else if (c === "-" && text[i + 1] === "-") this.state = { kind: "line-comment" };
        else if (c === "/" && text[i + 1] === "*") {
          this.state = { kind: "block-comment", depth: 1 };
          return { next: i + 2, statementEnd: false };
        } else if (c === "$" && !IDENT_CHAR.test(text[i - 1] ?? " ")) {
          const tag = DOLLAR_TAG.exec(text.slice(i, i + 70));
          if (tag) {
            this.state = { kind: "dollar", tag: tag[0] };
            return { next: i + tag[0].length, statementEnd: false };
          }
          if (!final && text.length - i < 70 && !text.slice(i + 1).includes("$")) return undefined;
        }
        return { next: i + 1, statementEnd: false };
      }
      case "quote":
        if (state.escapes && c === "\\") return { next: i + 2, statementEnd: false };
        if (c === "'") this.state = { kind: "code" };
        return { next: i + 1, statementEnd: false };
      case "ident":
        if (c === '"') this.state = { kind: "code" };
        return { next: i + 1, statementEnd: false };
      case "dollar":
        if (text.startsWith(state.tag, i)) {
          this.state = { kind: "code" };
          return { next: i + state.tag.length, statementEnd: false };
        }
        if (!final && c === "$" && text.length - i < state.tag.length) return undefined;
        return { next: i + 1, statementEnd: false };
      case "line-comment":
        if (c === "\n") this.state = { kind: "code" };
        return { next: i + 1, statementEnd: false };
      case "block-comment":
        if (c === "*" && text[i + 1] === "/") {
          this.state = state.depth === 1 ? { kind: "code" } : { kind: "block-comment", depth: state.depth - 1 };
          return { next: i + 2, statementEnd: false };
        }
        if (c === "/" && text[i + 1] === "*") {
          this.state = { kind: "block-comment", depth: state.depth + 1 };
          return { next: i + 2, statementEnd: false };
        }
        return { next: i + 1, statementEnd: false };
    }
  }
}

/**
 * The statements of a migration as the Supabase CLI records them in
 * `supabase_migrations.schema_migrations.statements` (pkg/parser/token.go, SplitAndTrim): one
 * element per statement, its trailing semicolons and surrounding whitespace removed. Unlike the CLI,
 * text after the last statement that is only comments is not kept as an element of its own.
 * @example migrationStatements("create table a (x int);\nselect 1;") // ["create table a (x int)", "select 1"]
 */
export function migrationStatements(sql: string): string[] {
  const splitter = new SqlSplitter();
  return [...splitter.push(sql), ...splitter.end()]
    .map((statement) => statement.text.replace(/;+$/, "").trim())
    .filter((text) => text !== "");
}

/** Whether a piece of SQL holds nothing but `--` comments and whitespace. */
function isOnlyComments(sql: string): boolean {
  return sql.split("\n").every((line) => line.trim() === "" || line.trim().startsWith("--"));
}
