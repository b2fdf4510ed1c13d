// PostgREST's parse errors quote the offending character with Haskell's `show`, so `'x'`, `"x"`,
// `'\233'` and `"\DEL"` must come out exactly as GHC prints them (GHC.Show showLitChar).

const ASCII_NAMES = [
  "NUL",
  "SOH",
  "STX",
  "ETX",
  "EOT",
  "ENQ",
  "ACK",
  "BEL",
  "BS",
  "HT",
  "LF",
  "VT",
  "FF",
  "CR",
  "SO",
  "SI",
  "DLE",
  "DC1",
  "DC2",
  "DC3",
  "DC4",
  "NAK",
  "SYN",
  "ETB",
  "CAN",
  "EM",
  "SUB",
  "ESC",
  "FS",
  "GS",
  "RS",
  "US",
];

const CONTROL_LETTERS: Readonly<Record<number, string>> = {
  7: "\\a",
  8: "\\b",
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
};

/** One code point as GHC's showLitChar renders it, plus whether a following digit (or `H` after
 * `\SO`) would need the `\&` separator. */
function showLit(ch: string): { text: string; protect: "digit" | "H" | null } {
  const code = ch.codePointAt(0) ?? 0;
  if (code > 127) return { text: `\\${code}`, protect: "digit" };
  if (code === 127) return { text: "\\DEL", protect: null };
  if (ch === "\\") return { text: "\\\\", protect: null };
  if (code >= 32) return { text: ch, protect: null };
  const letter = CONTROL_LETTERS[code];
  if (letter !== undefined) return { text: letter, protect: null };
  if (code === 14) return { text: "\\SO", protect: "H" };
  return { text: `\\${ASCII_NAMES[code] ?? String(code)}`, protect: null };
}

/** Haskell `show` of a Char: `'a'`, `'\''`, `'\233'`. */
export function showHaskellChar(ch: string): string {
  if (ch === "'") return "'\\''";
  return `'${showLit(ch).text}'`;
}

/** Haskell `show` of a String: `"abc"`, `"\""`, `"\1234\&5"`. */
export function showHaskellString(text: string): string {
  // Fast path for the common case: printable ASCII without quotes or backslashes.
  if (/^[\x20\x21\x23-\x5b\x5d-\x7e]*$/.test(text)) return `"${text}"`;
  let out = '"';
  let pending: "digit" | "H" | null = null;
  for (const ch of text) {
    if (pending === "digit" && ch >= "0" && ch <= "9") out += "\\&";
    if (pending === "H" && ch === "H") out += "\\&";
    if (ch === '"') {
      out += '\\"';
      pending = null;
      continue;
    }
    const lit = showLit(ch);
    out += lit.text;
    pending = lit.protect;
  }
  return `${out}"`;
}
