/** Template data as GoTrue passes it: `.ConfirmationURL`, `.Token`, `.Data.<key>`, … */
export type TemplateData = Record<string, unknown>;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&#34;", "'": "&#39;" })[ch] ?? ch);

function lookup(data: TemplateData, path: string): unknown {
  let value: unknown = data;
  for (const part of path.split(".").filter((p) => p !== "")) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

const text = (value: unknown) =>
  value === undefined || value === null ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
const truthy = (value: unknown) =>
  value !== undefined && value !== null && value !== "" && value !== false && value !== 0;

/**
 * Renders the subset of Go templates Supabase email templates use: `{{ .Var }}`, `{{ .Data.key }}`,
 * and `{{ if .Var }}…{{ else }}…{{ end }}` (not nested). Values are HTML-escaped in bodies, as
 * html/template does; URLs keep `&` unescaped inside href is unnecessary for mail clients.
 * @example renderTemplate("<a href=\"{{ .ConfirmationURL }}\">x</a>", { ConfirmationURL: url }, true)
 */
export function renderTemplate(template: string, data: TemplateData, html: boolean): string {
  const withConditionals = template.replace(
    /\{\{-?\s*if\s+\.([\w.]+)\s*-?\}\}([\s\S]*?)(?:\{\{-?\s*else\s*-?\}\}([\s\S]*?))?\{\{-?\s*end\s*-?\}\}/g,
    (_m, path: string, yes: string, no: string | undefined) => (truthy(lookup(data, path)) ? yes : (no ?? "")),
  );
  return withConditionals.replace(/\{\{-?\s*\.([\w.]*)\s*-?\}\}/g, (_m, path: string) => {
    const value = text(lookup(data, path));
    return html ? escapeHtml(value) : value;
  });
}

/** A plain-text version of an HTML mail for the mailbox's Text and snippets: links spelled out. */
export function htmlToText(html: string): string {
  return html
    .replace(
      /<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_m, href: string, label: string) => `${label} ( ${href.replace(/&amp;/g, "&")} )`,
    )
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h\d|div|li)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&amp;/g, "&")
    .replace(/&#39;/g, "'")
    .replace(/&#34;|&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
