const escapeRegex = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");

/**
 * Compiles a glob with gobwas/glob semantics and separators `.` and `/`, as GoTrue compiles
 * `additional_redirect_urls` (auth: internal/conf/configuration.go): `*` stays within one label or
 * path segment, `**` crosses them, `?` is one non-separator character, `[…]`/`[!…]` classes and
 * `{a,b}` alternatives.
 * @example globToRegExp("http://localhost:3000/*").test("http://localhost:3000/a") // true
 */
export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^${translate(glob)}$`);
}

function translate(glob: string): string {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === "*") {
      if (glob[i + 1] === "*") {
        out += ".*";
        i++;
      } else out += "[^./]*";
    } else if (ch === "?") out += "[^./]";
    else if (ch === "\\" && i + 1 < glob.length) out += escapeRegex(glob[++i] as string);
    else if (ch === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end === -1) {
        out += "\\[";
        continue;
      }
      let body = glob.slice(i + 1, end);
      const negate = body.startsWith("!");
      if (negate) body = body.slice(1);
      out += `[${negate ? "^" : ""}${body.replace(/[\\\]^]/g, "\\$&")}]`;
      i = end;
    } else if (ch === "{") {
      const end = matchingBrace(glob, i);
      if (end === -1) {
        out += "\\{";
        continue;
      }
      out += `(?:${splitAlternatives(glob.slice(i + 1, end))
        .map(translate)
        .join("|")})`;
      i = end;
    } else out += escapeRegex(ch);
  }
  return out;
}

function matchingBrace(glob: string, start: number): number {
  let depth = 0;
  for (let i = start; i < glob.length; i++) {
    if (glob[i] === "{") depth++;
    else if (glob[i] === "}" && --depth === 0) return i;
  }
  return -1;
}

function splitAlternatives(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of body) {
    if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    if (ch === "{") depth++;
    if (ch === "}") depth--;
    current += ch;
  }
  parts.push(current);
  return parts;
}
