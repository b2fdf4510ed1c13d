/** Merges metadata as GoTrue does: top-level keys replace, `null` deletes (auth: models.User.UpdateUserMetaData). */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  changes: Record<string, unknown>,
): Record<string, unknown> {
  const merged = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return merged;
}
