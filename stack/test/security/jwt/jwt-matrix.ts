/**
 * The JWT attack corpus (attack-tokens.ts) against every service, with what upstream answers: its
 * own refusal, or — where upstream does accept the token — whom the request then acts as.
 *
 * Cells: `as member|anon|caller` = accepted, acting as the victim member, as anon, or running the
 * function (hello cannot tell who called); otherwise `<HTTP status> <code>` in the service's own
 * words (auth `code`, PostgREST `code`, storage `statusCode/error`, functions `msg`), and for
 * realtime the join's error code (`<Code>: <message>` reason).
 *
 * Why some cells accept, as upstream does:
 *  - wrong audience: PostgREST checks `aud` only with jwt-aud configured (Supabase does not);
 *    storage, realtime and functions never; GoTrue's GET /user compares it with the request's
 *    audience, which is the X-JWT-AUD header or else the token's own `aud` (auth: api/helpers.go
 *    requestAud), so it passes too;
 *  - iat in the future: only PostgREST refuses ("JWT issued at future"); GoTrue (golang-jwt without
 *    WithIssuedAt), storage and functions (jose without maxTokenAge) and realtime (iat must only be
 *    a number) accept; realtime does not check nbf either;
 *  - revoked session: only auth looks the session up (session_not_found); the data services verify
 *    signature and expiry, so a token lives until `exp` (jwt_expiry = 3600 s);
 *  - publishable key as bearer: a `Bearer sb_…` is never a JWT; the gateway replaces it with the
 *    anon JWT (as the CLI's Kong does), so every service acts as anon — never service_role.
 */
export const JWT_MATRIX = `
token                                                | auth                     | rest          | storage              | realtime          | functions
alg none                                             | 403 bad_jwt              | 401 PGRST301  | 400 403/Unauthorized | JwtSignerError    | 401 Invalid JWT
alg none, role service_role                          | 403 bad_jwt              | 401 PGRST301  | 400 403/Unauthorized | JwtSignerError    | 401 Invalid JWT
HS256 signed with the public key                     | 403 bad_jwt              | 401 PGRST301  | 400 403/Unauthorized | JwtSignatureError | 401 Invalid JWT
HS256 signed with the public key, no kid             | 403 bad_jwt              | 401 PGRST301  | 400 403/Unauthorized | JwtSignatureError | 401 Invalid JWT
unknown kid                                          | 403 bad_jwt              | 401 PGRST301  | 400 403/Unauthorized | JwtSignerError    | 401 Invalid JWT
foreign key with the stack's kid                     | 403 bad_jwt              | 401 PGRST301  | 400 403/Unauthorized | JwtSignatureError | 401 Invalid JWT
expired                                              | 403 bad_jwt              | 401 PGRST303  | 400 403/Unauthorized | InvalidJWTToken   | 401 Invalid JWT
not yet valid (nbf in an hour)                       | 403 bad_jwt              | 401 PGRST303  | 400 403/Unauthorized | as member         | 401 Invalid JWT
issued in an hour (iat)                              | as member                | 401 PGRST303  | as member            | as member         | as caller
wrong audience                                       | as member                | as member     | as member            | as member         | as caller
tampered payload (role service_role, signature kept) | 403 bad_jwt              | 401 PGRST301  | 400 403/Unauthorized | JwtSignatureError | 401 Invalid JWT
revoked session                                      | 403 session_not_found    | as member     | as member            | as member         | as caller
publishable key as bearer                            | 403 bad_jwt              | as anon       | as anon              | Unauthorized      | as caller
`;
