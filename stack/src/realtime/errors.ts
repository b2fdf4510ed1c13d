// One error vocabulary for realtime: upstream's channel error codes (supabase/realtime
// ERROR_CODES.md) with their verbatim messages. A join refusal's `reason` is `"<code>: <message>"`;
// a `system` message carries the message alone.

export type RealtimeErrorCode =
  | "TopicNameRequired"
  | "InvalidJWTToken"
  | "MalformedJWT"
  | "JwtSignatureError"
  | "JwtSignerError"
  | "Unauthorized"
  | "PrivateOnly"
  | "ChannelRateLimitReached"
  | "ClientJoinRateLimitReached"
  | "ConnectionRateLimitReached"
  | "UnableToReplayMessages"
  | "UnableToConnectToProject"
  | "RealtimeRestarting"
  | "UnknownErrorOnChannel";

/** A refusal the client sees, as upstream words it. */
export class RealtimeError extends Error {
  override name = "RealtimeError";
  constructor(
    readonly code: RealtimeErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** The join reply's `reason`: `"Unauthorized: You do not …"`; the unknown error has no code prefix. */
  get reason(): string {
    return this.code === "UnknownErrorOnChannel" ? "Unknown Error on Channel" : `${this.code}: ${this.message}`;
  }
}

export const topicNameRequired = () => new RealtimeError("TopicNameRequired", "You must provide a topic name");
export const tokenExpired = (secondsAgo: number) =>
  new RealtimeError("InvalidJWTToken", `Token has expired ${secondsAgo} seconds ago`);
export const claimsMissing = () => new RealtimeError("InvalidJWTToken", "Fields `role` and `exp` are required in JWT");
export const malformedJwt = () => new RealtimeError("MalformedJWT", "The token provided is not a valid JWT");
export const badSignature = () => new RealtimeError("JwtSignatureError", "Failed to validate JWT signature");
export const noSigner = () =>
  new RealtimeError("JwtSignerError", "Failed to generate JWT signer, check your JWT secret or JWKS configuration");
/** A token whose `kid` names no key of the JWKS (upstream inspects the kid, hence the quotes). */
export const noSignerForKid = (kid: string) =>
  new RealtimeError(
    "JwtSignerError",
    `Failed to generate JWT signer for key ID (kid) ${JSON.stringify(kid)}, check your JWT secret or JWKS configuration`,
  );
export const cannotRead = (subTopic: string) =>
  new RealtimeError("Unauthorized", `You do not have permissions to read from this Channel topic: ${subTopic}`);
export const privateOnly = () => new RealtimeError("PrivateOnly", "This project only allows private channels");
export const tooManyChannels = () => new RealtimeError("ChannelRateLimitReached", "Too many channels");
export const tooManyJoins = () => new RealtimeError("ClientJoinRateLimitReached", "Too many joins per second");
export const tooManyConnections = () => new RealtimeError("ConnectionRateLimitReached", "Too many connected users");
export const replayNotPublic = () =>
  new RealtimeError("UnableToReplayMessages", "Replay is not allowed for public channels");
export const replayInvalid = () => new RealtimeError("UnableToReplayMessages", "Replay params are not valid");
export const replayFailed = () => new RealtimeError("UnableToReplayMessages", "Realtime was unable to replay messages");
export const databaseUnavailable = () =>
  new RealtimeError("UnableToConnectToProject", "Realtime was unable to connect to the project database");
export const restarting = () => new RealtimeError("RealtimeRestarting", "Realtime is restarting, please standby");
export const unknownChannelError = () => new RealtimeError("UnknownErrorOnChannel", "Unknown Error on Channel");

/** `system` messages that close a channel, verbatim. */
export const SYSTEM_MESSAGES = {
  tooManyMessages: "Too many messages per second",
  tooManyPresence: "Too many presence messages per second",
  clientPresenceRate: "Client presence rate limit exceeded",
  trackTooLarge: "Track message size exceeded",
  lostRead: (subTopic: string) => `You no longer have permission to read from this Channel topic: ${subTopic}`,
  subscribed: "Subscribed to PostgreSQL",
  replicationReady: "Replication connection established",
} as const;
