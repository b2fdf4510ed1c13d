// The error model of Parsec 3.1.16 (the version PostgREST v14 is built with), because PGRST100's
// `message` and `details` are Parsec's own rendering of its errors: which alternatives were tried
// at the furthest position decides the `expecting …` list word for word.

/** A source position, 1-based, as Parsec counts it (tabs jump to the next multiple of 8, plus 1). */
export interface Pos {
  readonly line: number;
  readonly column: number;
}

/** Message kinds in Parsec's order; messages sort by kind only (a stable sort). */
export const MessageKind = { SysUnexpect: 0, Unexpect: 1, Expect: 2, Message: 3 } as const;
export type MessageKind = (typeof MessageKind)[keyof typeof MessageKind];

export interface Message {
  readonly kind: MessageKind;
  readonly text: string;
}

export interface ParseError {
  readonly pos: Pos;
  readonly messages: readonly Message[];
}

export function unknownError(pos: Pos): ParseError {
  return { pos, messages: [] };
}

export function errorWith(pos: Pos, kind: MessageKind, text: string): ParseError {
  return { pos, messages: [{ kind, text }] };
}

export function isUnknown(error: ParseError): boolean {
  return error.messages.length === 0;
}

/** Replaces every message of the same kind (Parsec's `setErrorMessage`). */
export function setMessage(error: ParseError, kind: MessageKind, text: string): ParseError {
  const messages: Message[] = [{ kind, text }];
  for (const m of error.messages) if (m.kind !== kind) messages.push(m);
  return { pos: error.pos, messages };
}

export function comparePos(a: Pos, b: Pos): number {
  return a.line !== b.line ? a.line - b.line : a.column - b.column;
}

/** Parsec's `mergeError`: a meaningful error beats an unknown one, then the furthest one wins. */
export function mergeErrors(e1: ParseError, e2: ParseError): ParseError {
  if (e2.messages.length === 0 && e1.messages.length > 0) return e1;
  if (e1.messages.length === 0 && e2.messages.length > 0) return e2;
  const order = comparePos(e1.pos, e2.pos);
  if (order === 0) return { pos: e1.pos, messages: [...e1.messages, ...e2.messages] };
  return order > 0 ? e1 : e2;
}

export function advancePos(pos: Pos, ch: string): Pos {
  if (ch === "\n") return { line: pos.line + 1, column: 1 };
  if (ch === "\t") return { line: pos.line, column: pos.column + 8 - ((pos.column - 1) % 8) };
  return { line: pos.line, column: pos.column + 1 };
}

function clean(texts: readonly string[]): string[] {
  return [...new Set(texts.filter((t) => t.length > 0))];
}

function commasOr(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} or ${items[items.length - 1] ?? ""}`;
}

function showMany(prefix: string, messages: readonly Message[]): string {
  const texts = clean(messages.map((m) => m.text));
  if (texts.length === 0) return "";
  return prefix === "" ? commasOr(texts) : `${prefix} ${commasOr(texts)}`;
}

/**
 * PostgREST's `details` for PGRST100: Parsec's `showErrorMessages "or" "unknown parse error"
 * "expecting" "unexpected" "end of input"`, with newlines turned into spaces and the ends trimmed.
 */
export function renderDetails(error: ParseError): string {
  const sorted = [...error.messages].sort((a, b) => a.kind - b.kind);
  if (sorted.length === 0) return "unknown parse error";
  const ofKind = (kind: MessageKind) => sorted.filter((m) => m.kind === kind);
  const sysUnexpect = ofKind(MessageKind.SysUnexpect);
  const unexpect = ofKind(MessageKind.Unexpect);
  let showSys = "";
  if (unexpect.length === 0 && sysUnexpect[0] !== undefined) {
    const first = sysUnexpect[0].text;
    showSys = first === "" ? "unexpected end of input" : `unexpected ${first}`;
  }
  const parts = clean([
    showSys,
    showMany("unexpected", unexpect),
    showMany("expecting", ofKind(MessageKind.Expect)),
    showMany("", ofKind(MessageKind.Message)),
  ]);
  return parts.join(" ").trim();
}

/** PostgREST's `message` for PGRST100: Parsec's `show` of the error position, named by source. */
export function renderPosition(sourceName: string, pos: Pos): string {
  return `"${sourceName}" (line ${pos.line}, column ${pos.column})`;
}
