// fast-check arbitraries for inbound realtime websocket frames: Phoenix
// messages in both serializations with wrong types in every position, known and unknown events and
// topics, odd join configs, malformed JSON, and binary frames (garbage and near-valid kind 3 pushes).
import fc from "fast-check";

export const ROOM = "realtime:fuzz-room";
/** The join ref the fuzzing socket joins with, so pushes reach the joined channel. */
export const JOIN_REF = "j1";

const anyValue = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 1.5, "", "1", JOIN_REF, [], {}, ROOM, "phoenix"),
  fc.string({ maxLength: 10 }),
  fc.integer(),
  fc.array(fc.integer(), { maxLength: 3 }),
);
const topic = fc.oneof(
  fc.constantFrom(ROOM, "phoenix", "realtime:", "realtime:other", "room", "", "realtime:" + "t".repeat(300)),
  anyValue,
);
const event = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      "phx_join",
      "phx_leave",
      "heartbeat",
      "broadcast",
      "presence",
      "access_token",
      "phx_reply",
      "phx_close",
      "postgres_changes",
      "unknown_event",
    ),
  },
  { weight: 1, arbitrary: anyValue },
);

const joinConfig = fc.record(
  {
    config: fc.oneof(
      anyValue,
      fc.record(
        {
          broadcast: fc.oneof(
            anyValue,
            fc.record(
              {
                self: anyValue,
                ack: anyValue,
                replay: fc.oneof(anyValue, fc.record({ since: anyValue, limit: anyValue })),
              },
              { requiredKeys: [] },
            ),
          ),
          presence: fc.oneof(anyValue, fc.record({ key: anyValue, enabled: anyValue }, { requiredKeys: [] })),
          postgres_changes: fc.oneof(
            anyValue,
            fc.array(
              fc.record(
                {
                  event: anyValue,
                  schema: anyValue,
                  table: anyValue,
                  filter: fc.oneof(anyValue, fc.constantFrom("id=eq.1", "id=in.(1,2", "n=gt.", "body=eq.\u0000")),
                },
                { requiredKeys: [] },
              ),
              { maxLength: 3 },
            ),
          ),
          private: anyValue,
        },
        { requiredKeys: [] },
      ),
    ),
    access_token: anyValue,
  },
  { requiredKeys: [] },
);

const payload = fc.oneof(
  anyValue,
  joinConfig,
  fc.record(
    { type: fc.oneof(fc.constantFrom("broadcast", "presence"), anyValue), event: anyValue, payload: anyValue },
    { requiredKeys: [] },
  ),
  fc.record(
    { type: fc.constant("presence"), event: fc.constantFrom("track", "untrack", "bogus"), payload: anyValue },
    { requiredKeys: [] },
  ),
  fc.record({ access_token: anyValue }),
);

/** A vsn 2.0.0 array frame: sometimes the wrong length, any types in any slot. */
const arrayFrame = fc
  .tuple(fc.oneof(anyValue, fc.constant("1")), anyValue, topic, event, payload, fc.integer({ min: 0, max: 7 }))
  .map(([joinRef, ref, t, e, p, length]) =>
    JSON.stringify([joinRef, ref, t, e, p, "extra"].slice(0, length === 7 ? 5 : length)),
  );

/** A vsn 1.0.0 object frame with any fields missing or mistyped. */
const objectFrame = fc
  .record({ topic, event, payload, ref: anyValue, join_ref: anyValue }, { requiredKeys: [] })
  .map((frame) => JSON.stringify(frame));

const malformedJson = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "[",
    "{",
    '[null,null,"phoenix","heartbeat"',
    '{"topic":',
    "nul",
    "[1,2,3,4,5]]",
    "\u0000",
    '["\\ud800"]',
  ),
);

/** Binary frames: random bytes, and kind 3 (user broadcast push) headers with lying lengths. */
const binaryFrame = fc.oneof(
  fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
  fc
    .tuple(
      fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 5, maxLength: 5 }),
      fc.integer({ min: 0, max: 3 }),
      fc.uint8Array({ maxLength: 80 }),
      fc.boolean(),
    )
    .map(([lengths, encoding, rest, validHeader]) => {
      if (!validHeader) return Buffer.concat([Buffer.from([3, ...lengths, encoding]), Buffer.from(rest)]);
      // A well-formed header for our room whose payload is arbitrary bytes, declared JSON or binary.
      const fields = [JOIN_REF, "9", ROOM, "fuzz"].map((s) => Buffer.from(s));
      return Buffer.concat([
        Buffer.from([3, ...fields.map((f) => f.length), 0, encoding]),
        ...fields,
        Buffer.from(rest),
      ]);
    }),
);

/** One frame to send: text (any shape) or binary. */
export const realtimeFrame = fc.oneof(
  { weight: 3, arbitrary: arrayFrame },
  { weight: 2, arbitrary: objectFrame },
  { weight: 1, arbitrary: malformedJson },
  { weight: 2, arbitrary: binaryFrame },
);
