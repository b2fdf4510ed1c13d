/**
 * The token of an invitation link as the invitation email carries it
 * (`https://host/<locale>/invite?token=…`), read with the WHATWG URL parser; `null` for anything
 * else. The link's host is not checked: the token is what the invitation page redeems, here.
 */
export function invitationToken(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  const segments = url.pathname.split("/").filter(Boolean);
  if (segments.at(-1) !== "invite") return null;
  const token = url.searchParams.get("token")?.trim() ?? "";
  return token === "" ? null : token;
}
