/**
 * A PostgreSQL identifier in double quotes, with embedded quotes doubled: safe for any name
 * (identifiers can never be bind parameters). The stack's one identifier quoter.
 * @example `select * from ${quoteIdent(table)}` // "my ""odd"" table"
 */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** `schema.name`, both quoted. @example quoteQualified("public", "messages") // "public"."messages" */
export function quoteQualified(schema: string, name: string): string {
  return `${quoteIdent(schema)}.${quoteIdent(name)}`;
}
