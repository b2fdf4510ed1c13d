// A bare Phoenix vsn 2.0.0 client over `ws`, so a bench can hold a thousand subscribers without a
// thousand supabase-js instances skewing the stack's numbers.
import WebSocket from "ws";

/** `accessToken` is the JWT the joins carry (a signed-in user's); the API key when omitted. */
export async function openSocket(apiUrl, apikey, accessToken = apikey) {
  const url = `${apiUrl.replace(/^http/, "ws")}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=2.0.0`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  let ref = 0;
  const replies = new Map();
  const listeners = new Set();
  ws.on("message", (data, isBinary) => {
    const received = performance.now();
    if (isBinary) {
      for (const listener of listeners) listener({ binary: data, received });
      return;
    }
    const [, msgRef, topic, event, payload] = JSON.parse(data.toString());
    if (event === "phx_reply" && replies.has(msgRef)) {
      replies.get(msgRef)(payload);
      replies.delete(msgRef);
      return;
    }
    for (const listener of listeners) listener({ topic, event, payload, received });
  });
  const heartbeat = setInterval(
    () => ws.send(JSON.stringify([null, String(++ref), "phoenix", "heartbeat", {}])),
    20_000,
  );
  const push = (joinRef, topic, event, payload) => {
    const r = String(++ref);
    ws.send(JSON.stringify([joinRef, r, topic, event, payload]));
    return new Promise((resolve) => replies.set(r, resolve));
  };
  return {
    ws,
    onMessage: (listener) => listeners.add(listener),
    async join(topic, config) {
      const joinRef = String(ref + 1);
      const reply = await push(joinRef, `realtime:${topic}`, "phx_join", { config, access_token: accessToken });
      if (reply.status !== "ok") throw new Error(`join refused: ${JSON.stringify(reply.response)}`);
      return { joinRef, reply: reply.response };
    },
    /** A text-frame broadcast (no ack): fire and forget. */
    broadcast(joinRef, topic, event, payload) {
      ws.send(JSON.stringify([joinRef, null, `realtime:${topic}`, "broadcast", { type: "broadcast", event, payload }]));
    },
    close() {
      clearInterval(heartbeat);
      ws.close();
    },
  };
}
