/** Adds rows to a cached list (a channel's reactions or attachments), replacing ones it already holds. */
export function upsertRows<T extends { id: string }>(data: T[] | undefined, added: T[]): T[] | undefined {
  if (!data || added.length === 0) return data;
  const ids = new Set(added.map((row) => row.id));
  return [...data.filter((existing) => !ids.has(existing.id)), ...added];
}

/** Drops a row by id (realtime deletes carry only the primary key). */
export function removeRow<T extends { id: string }>(data: T[] | undefined, id: string): T[] | undefined {
  return data?.filter((existing) => existing.id !== id);
}
