const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Escapes text for an XML/HTML attribute or element. */
export const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
