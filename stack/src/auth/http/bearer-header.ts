/**
 * Whether an Authorization header has the only shape GoTrue takes a token from (extractBearerToken):
 * the scheme `bearer` in any case, one space, and a single token without whitespace. Anything else
 * (an empty or missing token, another scheme, several words) is 401 `no_authorization` there.
 * @example isBearerCredential("Bearer eyJ…") // true; isBearerCredential("Bearer ") // false
 */
export function isBearerCredential(header: string): boolean {
  const space = header.indexOf(" ");
  if (space === -1 || header.slice(0, space).toLowerCase() !== "bearer") return false;
  const token = header.slice(space + 1);
  return token !== "" && !/\s/.test(token);
}
