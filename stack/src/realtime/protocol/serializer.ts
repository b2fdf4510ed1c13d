import type { BroadcastBody, Inbound, PhoenixMessage, Vsn } from "./message.ts";

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;

/**
 * Decodes one websocket frame; null for anything upstream drops (bad JSON, wrong arity, missing
 * fields): the socket stays open (`lib/realtime_web/socket.ex`).
 */
export function decodeFrame(vsn: Vsn, data: Buffer, isBinary: boolean): Inbound | null {
  if (isBinary) return vsn === "2.0.0" ? decodeUserBroadcastPush(data) : null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data.toString("utf8"));
  } catch {
    return null;
  }
  if (vsn === "2.0.0") {
    if (!Array.isArray(parsed) || parsed.length < 5) return null;
    const [joinRef, ref, topic, event, payload] = parsed as unknown[];
    if (typeof topic !== "string" || typeof event !== "string") return null;
    return { kind: "message", message: { joinRef: refOrNull(joinRef), ref: refOrNull(ref), topic, event, payload } };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return null;
  const m = parsed as Record<string, unknown>;
  if (typeof m.topic !== "string" || typeof m.event !== "string" || !("ref" in m)) return null;
  return {
    kind: "message",
    message: {
      joinRef: refOrNull(m.join_ref),
      ref: refOrNull(m.ref),
      topic: m.topic,
      event: m.event,
      payload: m.payload ?? {},
    },
  };
}

function refOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === "string" ? value : String(value);
}

function decodeUserBroadcastPush(data: Buffer): Inbound | null {
  if (data.length < 7 || data[0] !== KIND_USER_BROADCAST_PUSH) return null;
  const lengths = [data[1], data[2], data[3], data[4], data[5]] as number[];
  const encodingByte = data[6];
  let offset = 7;
  const fields: string[] = [];
  for (const length of lengths) {
    if (offset + length > data.length) return null;
    fields.push(data.toString("utf8", offset, offset + length));
    offset += length;
  }
  const [joinRef, ref, topic, userEvent] = fields as [string, string, string, string];
  const payload = data.subarray(offset);
  // A push declared JSON must be JSON: vsn 1.0.0 receivers get it re-encoded as text, and one bad
  // push must not break the fan-out for everyone else. Dropped like any undecodable frame.
  if (encodingByte !== 0 && !isJson(payload)) return null;
  return {
    kind: "user_broadcast",
    push: {
      joinRef: joinRef === "" ? null : joinRef,
      ref: ref === "" ? null : ref,
      topic,
      userEvent,
      encoding: encodingByte === 0 ? "binary" : "json",
      payload,
    },
  };
}

function isJson(bytes: Buffer): boolean {
  try {
    JSON.parse(bytes.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}

/** A text frame in the receiver's format; vsn 1.0.0 objects carry no `join_ref`. */
export function encodeMessage(vsn: Vsn, message: PhoenixMessage): string {
  if (vsn === "2.0.0")
    return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload]);
  return JSON.stringify({ topic: message.topic, event: message.event, payload: message.payload, ref: message.ref });
}

/**
 * The frame a broadcast becomes for one receiver, or null when that receiver cannot get it
 * (raw bytes to vsn 1.0.0). `realtime-js` decodes only binary kind 4.
 */
export function encodeBroadcast(vsn: Vsn, topic: string, body: BroadcastBody): string | Buffer | null {
  if (body.origin === "user" && vsn === "2.0.0") return encodeUserBroadcast(topic, body);
  if (body.origin === "user" && body.encoding === "binary") return null;
  let inner = body.origin === "json" ? body.message : undefined;
  if (body.origin === "user") {
    inner = { type: "broadcast", event: body.event, payload: JSON.parse(body.payload.toString("utf8")) as unknown };
    if (body.meta) inner.meta = body.meta;
  }
  return encodeMessage(vsn, { joinRef: null, ref: null, topic, event: "broadcast", payload: inner });
}

function encodeUserBroadcast(topic: string, body: Extract<BroadcastBody, { origin: "user" }>): Buffer {
  const topicBytes = Buffer.from(topic);
  const eventBytes = Buffer.from(body.event);
  const metaBytes = body.meta ? Buffer.from(JSON.stringify(body.meta)) : Buffer.alloc(0);
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    body.encoding === "binary" ? 0 : 1,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, body.payload]);
}

/** Header fields of binary frames are one length byte each. */
export const fitsBinaryHeader = (value: string) => Buffer.byteLength(value) <= 255;
