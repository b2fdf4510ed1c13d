/**
 * A table as the Supabase CLI prints its reports: upper-case headers, cells separated by `│`, a
 * `─┼─` rule under the header, left-aligned text; numbers right-aligned.
 * @example formatTable(["Name", "Ratio"], [["table hit rate", "0.99"]])
 */
export function formatTable(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, i) => Math.max(header.length, ...rows.map((row) => (row[i] ?? "").length)));
  const numeric = headers.map((_, i) => rows.length > 0 && rows.every((row) => /^-?[\d.]+$/.test(row[i] ?? "")));
  const cell = (value: string, i: number) =>
    numeric[i] ? value.padStart(widths[i] ?? 0) : value.padEnd(widths[i] ?? 0);
  const line = (values: readonly string[]) => `  ${values.map((value, i) => ` ${cell(value, i)} `).join("│")}`;
  const rule = `  ${widths.map((width) => "─".repeat(width + 2)).join("┼")}`;
  return ["", line(headers.map((header) => header.toUpperCase())), rule, ...rows.map(line), ""].join("\n");
}
