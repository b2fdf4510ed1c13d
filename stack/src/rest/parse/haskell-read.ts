// Haskell's `readMaybe` for integers, which PostgREST uses on `limit`, `offset`, `max-affected`
// and the `Range` header: surrounding white space and parentheses are allowed, so are `-`, `0x…`
// and `0o…` literals; `+5`, `1.0` and `1e3` are not.

const SPACE = "[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000]*";
const NUMBER = new RegExp(`^${SPACE}(-)?${SPACE}(0[xX][0-9a-fA-F]+|0[oO][0-7]+|[0-9]+)${SPACE}$`, "u");
const OPEN = new RegExp(`^${SPACE}\\(`, "u");
const CLOSE = new RegExp(`\\)${SPACE}$`, "u");

/** `readMaybe :: String -> Maybe Integer`. */
export function readInteger(text: string): bigint | undefined {
  let inner = text;
  for (;;) {
    const match = NUMBER.exec(inner);
    if (match !== null) {
      const digits = match[2] ?? "0";
      const radix = /^0[oO]/.test(digits) ? `0o${digits.slice(2)}` : digits;
      const magnitude = BigInt(radix);
      return match[1] === "-" ? -magnitude : magnitude;
    }
    // `(5)`, `( (-5) )`: peel one pair of parentheses and try again.
    if (!OPEN.test(inner) || !CLOSE.test(inner)) return undefined;
    inner = inner.replace(OPEN, "").replace(CLOSE, "");
  }
}

/** `readMaybe :: String -> Maybe Int64`: out-of-range literals wrap around, as `fromInteger` does. */
export function readInt64(text: string): bigint | undefined {
  const value = readInteger(text);
  return value === undefined ? undefined : BigInt.asIntN(64, value);
}
