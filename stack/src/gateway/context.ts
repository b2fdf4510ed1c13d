import type { Hono } from "hono";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "pino";
import type { StackConfig } from "../config/index.ts";
import type { Database } from "../db/index.ts";
import type { MailMessage, OutgoingMail } from "../mail/index.ts";
import type { JwtFailure, KeyRing } from "./keys/index.ts";
import type { ServiceAnswer, ServiceHandler } from "./native/service-request.ts";
import type { ClientAddress } from "./network/index.ts";

/** Which project key the request came with (the `apikey` header or `?apikey=`). */
export type ApiKeyKind = "secret" | "publishable" | "legacy_jwt" | "none";

/** What the gateway learned about the caller; services never re-parse keys. */
export type RequestAuth =
  | {
      ok: true;
      keyKind: ApiKeyKind;
      /** The bearer JWT after the CLI gateway's mapping, or null when anonymous without a token. */
      token: string | null;
      /** The verified claims (empty object when there is no token). */
      claims: Record<string, unknown>;
      /** `claims.role`, or `anon` without a token or role claim. */
      role: string;
    }
  | { ok: false; keyKind: ApiKeyKind; token: string; failure: JwtFailure };

export interface GatewayVariables {
  requestId: string;
  auth: RequestAuth;
  /** The caller's address behind any trusted proxies (per-IP limits, sessions, audit rows). */
  client: ClientAddress;
}

export type GatewayEnv = { Variables: GatewayVariables };

/** URLs of the running stack, as `status` prints them. */
export interface StackUrls {
  api: string;
  db: string;
  inbucket: string;
}

/** What every service is given at start; the only things services share. */
export interface ServiceDeps {
  config: StackConfig;
  workdir: string;
  dataDir: string;
  db: Database;
  keys: KeyRing;
  logger: Logger;
  urls: StackUrls;
  /** Sends auth email and SMS to the stack's mailbox (and SMTP when configured). */
  mailer: { send(mail: OutgoingMail): Promise<MailMessage> };
  /** `start --production`: emulators are not served and nothing may fall back to them. */
  production: boolean;
  /**
   * Whether the client's address comes from a configured source: production mode, or trusted
   * proxies whose X-Forwarded-For is believed. GoTrue applies per-IP limits only then (with a
   * configured rate-limit header); the CLI's local stack configures none.
   */
  clientAddressConfigured: boolean;
}

/** A Supabase service mounted by the gateway under its base path. */
export interface StackService {
  name: "auth" | "rest" | "realtime" | "storage" | "functions" | "oauth-emulator" | "saml-emulator";
  /**
   * `/auth/v1`, `/rest/v1`, … A base path outside the hosted ones (the stack's own emulators,
   * `/emulators/...`) is mounted as is: no api key or JWT handling, browsers navigate there.
   */
  basePath: string;
  /** Routes relative to the base path (omit when `handle` serves them all). */
  app?: Hono<GatewayEnv>;
  /**
   * The service's own handler for everything under its base path, called straight from `node:http`
   * without Hono's Request/Response conversion (REST: the hot path). The gateway still applies
   * request ids and logging, the client address, CORS, the api key and JWT, and the body limit.
   */
  handle?: ServiceHandler;
  /**
   * With both `app` and `handle`: which requests `handle` answers on the native path (`path` below
   * the base path, as `ServiceRequest.path`); the rest go to `app` (auth: `POST /token` native, its
   * other endpoints and the JWKS route on Hono). `app` must answer the same requests the same way
   * for the requests the native path leaves to Hono. Omit when `handle` serves everything.
   */
  handlesNatively?: (method: string, path: string) => boolean;
  /**
   * How this service answers a request whose bearer token failed verification, in its own error
   * shape. Omit to receive such requests with `auth.ok === false` and decide per route (auth does).
   */
  rejectInvalidToken?: (failure: JwtFailure) => Response | ServiceAnswer;
  /** Functions answer CORS themselves (hosted leaves it to the function); the others leave it to the gateway. */
  cors?: "gateway" | "self";
  /**
   * The service enforces its own request size limits while streaming (storage): the gateway's
   * body limit is not applied to it.
   */
  ownsBodyLimit?: boolean;
  /** Websocket upgrades under the base path (realtime). */
  upgrade?: (request: IncomingMessage, socket: Duplex, head: Buffer, auth: RequestAuth) => void;
  /** Around `db reset` on a running stack: release and re-acquire database state (slots, caches). */
  beforeDbReset?: () => Promise<void>;
  afterDbReset?: () => Promise<void>;
  stop?: () => Promise<void>;
}

/** A service's entry point: builds it from the shared dependencies. */
export type ServiceFactory = (deps: ServiceDeps) => Promise<StackService>;

/** The upgrade handler's view of the HTTP server. */
export type UpgradeListener = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;
