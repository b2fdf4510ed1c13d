import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import type { RequestAuth } from "../../gateway/index.ts";
import { checkToken } from "../channel/token.ts";
import type { RealtimeContext } from "../context.ts";
import { tooManyConnections } from "../errors.ts";
import type { Vsn } from "../protocol/message.ts";
import { Connection } from "./connection.ts";

/** Upstream's websocket endpoint caps frames at 5,000,000 bytes (`endpoint.ex`). */
const MAX_FRAME_BYTES = 5_000_000;

function refuse(socket: Duplex, status: number, statusText: string, body?: { error: string }): void {
  const text = body ? JSON.stringify(body) : "";
  const type = body ? "Content-Type: application/json\r\n" : "";
  socket.end(
    `HTTP/1.1 ${status} ${statusText}\r\n${type}Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * The `/realtime/v1/websocket` upgrade with upstream's connect checks (`user_socket.ex`):
 * vsn negotiation (unknown ⇒ 403, empty body), the connect
 * credential must be a valid JWT with `role` and `exp` (401 `{"error": …}`), and the project's
 * concurrent-user limit (429). The gateway already mapped `sb_…` keys to their JWTs.
 */
export function createUpgradeHandler(ctx: RealtimeContext) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false });
  const handler = (request: IncomingMessage, socket: Duplex, head: Buffer, auth: RequestAuth): void => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== "/realtime/v1/websocket" && url.pathname !== "/realtime/v1/websocket/") {
      refuse(socket, 404, "Not Found");
      return;
    }
    const vsnParam = url.searchParams.get("vsn") ?? "1.0.0";
    if (vsnParam !== "1.0.0" && vsnParam !== "2.0.0") {
      refuse(socket, 403, "Forbidden");
      return;
    }
    const vsn: Vsn = vsnParam;
    const token = auth.token;
    if (token === null) {
      refuse(socket, 401, "Unauthorized", { error: "API key is missing" });
      return;
    }
    void checkToken(ctx.keys, token).then((checked) => {
      if (!checked.ok) return refuse(socket, 401, "Unauthorized", { error: checked.error.message });
      if (ctx.sockets.size >= ctx.limits.maxConcurrentUsers)
        return refuse(socket, 429, "Too Many Requests", { error: tooManyConnections().message });
      wss.handleUpgrade(request, socket, head, (ws) => new Connection(ctx, ws, socket, vsn, token));
    });
  };
  return { handler, close: () => new Promise<void>((resolve) => wss.close(() => resolve())) };
}
