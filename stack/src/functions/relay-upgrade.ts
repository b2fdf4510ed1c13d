// WebSocket upgrades (`Deno.upgradeWebSocket` in a function), relayed as edge-runtime relays them:
// the same routing and verify_jwt as plain requests, then the raw connection is spliced to the
// worker's loopback port.
import type { IncomingMessage } from "node:http";
import { connect } from "node:net";
import type { Duplex } from "node:stream";
import type { EdgeFunction } from "./discover-functions.ts";
import { FunctionError, functionNotFound } from "./function-errors.ts";
import type { InvokeContext } from "./invoke-function.ts";
import { checkFunctionJwt, kongAuthorization } from "./verify-function-jwt.ts";

export interface UpgradeTarget {
  fn: EdgeFunction | undefined;
  pathAndQuery: string;
}

/** Relays one upgrade request to the function's worker, or answers it with an HTTP error. */
export async function relayUpgrade(
  ctx: InvokeContext,
  target: UpgradeTarget,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
): Promise<void> {
  const { fn } = target;
  if (!fn) return writeResponse(socket, functionNotFound());
  const headerValue = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const kong = kongAuthorization(ctx.keys, {
    authorization: headerValue("authorization"),
    apikey: headerValue("apikey"),
  });
  if (fn.verifyJwt) {
    const refused = await checkFunctionJwt(ctx.keys, kong.header);
    if (refused) return writeResponse(socket, refused);
  }
  const worker = await ctx.pool.acquire(fn);
  const end = ctx.pool.begin(worker);
  let port: number;
  try {
    port = await worker.ready();
  } catch (error) {
    end();
    return writeResponse(
      socket,
      (error instanceof FunctionError ? error : new FunctionError("BOOT_ERROR")).toResponse(),
    );
  }
  const lines = [`${request.method ?? "GET"} ${target.pathAndQuery} HTTP/1.1`];
  for (let i = 0; i < request.rawHeaders.length; i += 2) {
    const name = request.rawHeaders[i] ?? "";
    if (name.toLowerCase() !== "authorization") lines.push(`${name}: ${request.rawHeaders[i + 1] ?? ""}`);
  }
  if (kong.header !== undefined) lines.push(`Authorization: ${kong.header}`);
  const upstream = connect(port, "127.0.0.1", () => {
    upstream.write(`${lines.join("\r\n")}\r\n\r\n`);
    if (head.length > 0) upstream.write(head);
    socket.pipe(upstream).pipe(socket);
  });
  const close = () => {
    end();
    upstream.destroy();
    socket.destroy();
  };
  upstream.once("error", close);
  upstream.once("close", close);
  socket.once("error", close);
  socket.once("close", close);
}

async function writeResponse(socket: Duplex, response: Response): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const head = [`HTTP/1.1 ${response.status} ${response.statusText || "Error"}`];
  response.headers.forEach((value, name) => head.push(`${name}: ${value}`));
  head.push(`Content-Length: ${body.length}`, "Connection: close");
  socket.end(Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`), body]));
}
