import type { Hono } from "hono";
import type { Logger } from "pino";
import { createServer, type Server } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { GatewayEnv, StackService } from "./context.ts";
import { resolveApiKey } from "./api-key.ts";
import { HeadFramedResponse } from "./head-framed-response.ts";
import { honoRequestListener } from "./hono-listener.ts";
import { DEFAULT_HTTP_LIMITS, serverOptions, type HttpLimits } from "./http-limits.ts";
import type { KeyRing } from "./keys/index.ts";
import type { NativeDispatch } from "./native/index.ts";
import { redactedQuery } from "./redacted-query.ts";

/**
 * The request log's lines for a websocket (realtime): one when it is refused or opened, one when it
 * closes, each with the path and the redacted query string (the api key travels there).
 */
function websocketLog(logger: Logger | undefined, url: URL, target: string) {
  const fields = { path: url.pathname, query: redactedQuery(target) };
  const opened = performance.now();
  return {
    refused: (status: number) => logger?.info({ ...fields, status }, "websocket refused"),
    opened: (role: string | undefined) => logger?.info({ ...fields, status: 101, role }, "websocket open"),
    closed: () =>
      logger?.info({ ...fields, ms: Math.round((performance.now() - opened) * 10) / 10 }, "websocket closed"),
  };
}

/** A port another program holds; the message names the config key to change. */
export class PortInUseError extends Error {
  override name = "PortInUseError";
  constructor(
    readonly port: number,
    readonly configKey: string,
  ) {
    super(
      `Port ${port} is already in use (${configKey} in supabase/config.toml). ` +
        `Stop the program using it, or set ${configKey} to a free port.`,
    );
  }
}

export interface ListeningServer {
  readonly port: number;
  /** Stops accepting connections and closes idle keep-alive ones; open requests and websockets go on. */
  stopAccepting(): void;
  /**
   * Closes every HTTP connection and waits for the server to close. Sockets still open after
   * `graceMs` (websockets whose service did not close them) are destroyed, so this always ends.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Listens on `host` (default 127.0.0.1: the stack is a local service unless told otherwise, as by
 * `start --host 0.0.0.0`).
 */
export function listenHttp(
  server: Server,
  port: number,
  configKey: string,
  host = "127.0.0.1",
): Promise<ListeningServer> {
  // Upgraded sockets leave Node's HTTP connection list but still keep the server from closing.
  const sockets = new Set<Socket>();
  server.on("connection", (socket: Socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  let closed: Promise<void> | undefined;
  const stop = () => {
    closed ??= new Promise<void>((done) => server.close(() => done()));
    server.closeIdleConnections();
    return closed;
  };
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      reject(error.code === "EADDRINUSE" || error.code === "EACCES" ? new PortInUseError(port, configKey) : error);
    };
    server.once("error", onError);
    server.listen(port, host, () => {
      server.off("error", onError);
      resolve({
        port: (server.address() as AddressInfo).port,
        stopAccepting: () => void stop(),
        close: async (graceMs = 2000) => {
          const done = stop();
          server.closeAllConnections();
          const timer = setTimeout(() => {
            for (const socket of sockets) socket.destroy();
          }, graceMs);
          await done;
          clearTimeout(timer);
        },
      });
    });
  });
}

/**
 * The gateway's HTTP server: each request goes to the native path when it takes it (`native`, see
 * `createNativeGateway`), else to the Hono app; websocket upgrades go to the service that owns the path.
 */
export function createGatewayServer(
  app: Hono<GatewayEnv>,
  services: readonly StackService[],
  keys: KeyRing,
  limits: HttpLimits = DEFAULT_HTTP_LIMITS,
  native?: NativeDispatch,
  logger?: Logger,
): Server {
  const hono = honoRequestListener(app);
  const options = { ...serverOptions(limits), ServerResponse: HeadFramedResponse };
  const server = createServer(options, (request, response) => {
    if (native?.(request, response) !== true) void hono(request, response);
  });
  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const service = services.find((s) => s.upgrade && url.pathname.startsWith(`${s.basePath}/`));
    const log = websocketLog(logger, url, request.url ?? "/");
    if (!service?.upgrade) {
      log.refused(404);
      socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
      return;
    }
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    void resolveApiKey(keys, {
      apikey: header("apikey") ?? url.searchParams.get("apikey") ?? undefined,
      authorization: header("authorization"),
      requireApiKey: false,
      openRoute: false,
    }).then((result) => {
      if (!result.ok) {
        log.refused(401);
        const body = JSON.stringify(result.body);
        socket.end(
          `HTTP/1.1 401 Unauthorized\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
        return;
      }
      log.opened(result.auth.ok ? result.auth.role : undefined);
      socket.once("close", () => log.closed());
      service.upgrade?.(request, socket, head, result.auth);
    });
  });
  return server;
}
