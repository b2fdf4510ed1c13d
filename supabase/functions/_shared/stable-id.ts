/**
 * A UUID derived from a name (SHA-256, shaped like a version-5 UUID): the same name always gives the
 * same id, so re-importing an archive addresses the rows the first import created.
 * @example const id = await stableId(`${workspaceId}/slack:C024BE91L:1700000000.000100`);
 */
export async function stableId(name: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(name))).slice(0, 16);
  digest[6] = (digest[6]! & 0x0f) | 0x50;
  digest[8] = (digest[8]! & 0x3f) | 0x80;
  const hex = Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
