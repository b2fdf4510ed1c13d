import { Hono, type Context } from "hono";
import { z } from "zod";
import type { GatewayEnv } from "../../gateway/index.ts";
import { canWrite } from "../authorization/policies.ts";
import type { Claims } from "../channel/token.ts";
import type { RealtimeContext } from "../context.ts";
import type { BroadcastBody } from "../protocol/message.ts";

const batchSchema = z.object({
  messages: z.array(
    z.object({
      topic: z.string().min(1),
      event: z.string().min(1),
      payload: z.record(z.string(), z.unknown()),
      private: z.boolean().optional(),
      id: z.string().optional(),
    }),
  ),
});

const unauthorized = (c: Context<GatewayEnv>) => c.json({ message: "Unauthorized" }, 401);
const rateLimited = (c: Context<GatewayEnv>) => c.json({ message: "You have exceeded your rate limit" }, 429);

function callerClaims(c: Context<GatewayEnv>): Claims | null {
  const auth = c.get("auth");
  if (!auth.ok || auth.token === null) return null;
  return { ...auth.claims, role: auth.role, exp: Number(auth.claims.exp ?? 0) };
}

/**
 * `POST /api/broadcast` (batch, the client's REST fallback) and
 * `POST /api/broadcast/:topic/events/:event` (`httpSend`), as upstream's broadcast controllers answer.
 * Private messages need the caller's insert policy on realtime.messages.
 */
export function broadcastRoutes(ctx: RealtimeContext): Hono<GatewayEnv> {
  const app = new Hono<GatewayEnv>();

  app.post("/api/broadcast", async (c) => {
    const claims = callerClaims(c);
    if (!claims) return unauthorized(c);
    const raw = await c.req.text();
    if (Buffer.byteLength(raw) > ctx.limits.maxPayloadBytes)
      return c.json({ errors: { messages: ["Payload size exceeds tenant limit"] } }, 422);
    let parsed: ReturnType<typeof batchSchema.safeParse>;
    try {
      parsed = batchSchema.safeParse(JSON.parse(raw));
    } catch {
      return c.json({ errors: { messages: ["is invalid"] } }, 422);
    }
    if (!parsed.success) return c.json({ errors: fieldErrors(parsed.error) }, 422);
    ctx.events.add(parsed.data.messages.length);
    if (ctx.events.exceeded()) return rateLimited(c);
    const writable = new Map<string, Promise<boolean>>();
    for (const message of parsed.data.messages) {
      const isPrivate = message.private === true;
      if (isPrivate) {
        if (!writable.has(message.topic))
          writable.set(message.topic, canWrite(ctx.db, claims, message.topic, "broadcast"));
        if (!(await writable.get(message.topic))) continue;
      }
      const inner: Record<string, unknown> = { type: "broadcast", event: message.event, payload: message.payload };
      if (message.id !== undefined) inner.meta = { id: message.id };
      ctx.streams.find(isPrivate, message.topic)?.broadcast({ origin: "json", message: inner });
    }
    return c.body(null, 202);
  });

  app.post("/api/broadcast/:topic/events/:event", async (c) => {
    const claims = callerClaims(c);
    if (!claims) return unauthorized(c);
    const type = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
    if (type !== "" && type !== "application/json" && type !== "application/octet-stream") {
      return c.json({ error: "Unsupported Media Type. Use application/json or application/octet-stream" }, 415);
    }
    const bytes = Buffer.from(await c.req.arrayBuffer());
    if (bytes.length > ctx.limits.maxPayloadBytes)
      return c.json({ errors: { payload: ["Payload size exceeds tenant limit"] } }, 422);
    const encoding = type === "application/octet-stream" ? "binary" : "json";
    if (encoding === "json") {
      try {
        JSON.parse(bytes.toString("utf8"));
      } catch {
        return c.json({ errors: { payload: ["is invalid"] } }, 422);
      }
    }
    ctx.events.add();
    if (ctx.events.exceeded()) return rateLimited(c);
    const topic = c.req.param("topic");
    const isPrivate = c.req.query("private") === "true";
    if (isPrivate && !(await canWrite(ctx.db, claims, topic, "broadcast")))
      return c.json({ message: "Unauthorized" }, 403);
    const body: BroadcastBody = { origin: "user", event: c.req.param("event"), encoding, payload: bytes };
    ctx.streams.find(isPrivate, topic)?.broadcast(body);
    return c.body(null, 202);
  });

  return app;
}

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join(".") || "messages"] ??= []).push(issue.message);
  return errors;
}
