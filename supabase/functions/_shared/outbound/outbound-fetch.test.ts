// Run by stack/test/parley/outbound-guard.test.ts (`deno test` on this folder). Listeners are plain
// HTTP on 127.0.0.1; the policies here allow `http:` so that only the address rules are at stake.
import assert from "node:assert/strict";
import { outboundFetch, type OutboundPolicy } from "./outbound-fetch.ts";
import { OutboundRefused, type OutboundRefusal } from "./outbound-refused.ts";

/** A loopback listener that counts the requests it receives and answers with `answer`. */
function listener(answer: (req: Request) => Response = () => new Response("ok")) {
  const seen: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    seen.push(new URL(req.url).pathname);
    return answer(req);
  });
  return { url: `http://127.0.0.1:${server.addr.port}`, seen, close: () => server.shutdown() };
}

const http: OutboundPolicy = { schemes: ["http:", "https:"] };

async function refusal(promise: Promise<Response>): Promise<OutboundRefusal> {
  try {
    await (await promise).arrayBuffer();
  } catch (error) {
    if (error instanceof OutboundRefused) return error.reason;
    throw error;
  }
  throw new Error("the request was made");
}

Deno.test("never connects to a loopback IP literal, IPv4 or IPv4-mapped IPv6", async () => {
  const internal = listener();
  const port = new URL(internal.url).port;
  try {
    assert.equal(await refusal(outboundFetch(`${internal.url}/internal-admin`, {}, http)), "private_address");
    const mapped = `http://[::ffff:127.0.0.1]:${port}/internal-admin`;
    assert.equal(await refusal(outboundFetch(mapped, {}, http)), "private_address");
    assert.deepEqual(internal.seen, []);
  } finally {
    await internal.close();
  }
});

Deno.test("never connects to a DNS name that resolves to a loopback or private address", async () => {
  const internal = listener();
  const port = new URL(internal.url).port;
  try {
    assert.equal(await refusal(outboundFetch(`http://localhost:${port}/`, {}, http)), "private_address");
    // One public and one private address: the connection could use either, so it is refused.
    const rebinding = { ...http, resolve: () => Promise.resolve(["93.184.215.14", "::ffff:10.0.0.7"]) };
    assert.equal(await refusal(outboundFetch(`http://mixed.example.test:${port}/`, {}, rebinding)), "private_address");
    const nowhere = { ...http, resolve: () => Promise.resolve([]) };
    assert.equal(await refusal(outboundFetch("http://nowhere.example.test/", {}, nowhere)), "unresolvable_host");
    assert.deepEqual(internal.seen, []);
  } finally {
    await internal.close();
  }
});

Deno.test("never follows a redirect, even where private addresses are allowed", async () => {
  const internal = listener();
  const redirecting = listener(() => Response.redirect(`${internal.url}/internal-admin/reset`, 307));
  try {
    const post = { method: "POST", body: "x".repeat(4096) };
    const reason = await refusal(
      outboundFetch(`${redirecting.url}/push`, post, { ...http, allowPrivateAddresses: true }),
    );
    assert.equal(reason, "redirect");
    assert.deepEqual(redirecting.seen, ["/push"]);
    assert.deepEqual(internal.seen, []);
  } finally {
    await Promise.all([internal.close(), redirecting.close()]);
  }
});

Deno.test("reaches a private address only when the operator allows it", async () => {
  const local = listener();
  try {
    const answer = await outboundFetch(`${local.url}/hook`, {}, { ...http, allowPrivateAddresses: true });
    assert.equal(await answer.text(), "ok");
    assert.deepEqual(local.seen, ["/hook"]);
  } finally {
    await local.close();
  }
});

Deno.test("refuses other schemes, credentials in the URL and hosts off the allow-list before resolving", async () => {
  const resolve = () => Promise.reject(new Error("resolved a host that should have been refused"));
  const pushOnly: OutboundPolicy = { allowedHosts: ["fcm.googleapis.com"], resolve };
  assert.equal(
    await refusal(outboundFetch("http://fcm.googleapis.com/fcm/send/x", {}, pushOnly)),
    "scheme_not_allowed",
  );
  assert.equal(await refusal(outboundFetch("file:///etc/passwd", {}, pushOnly)), "scheme_not_allowed");
  assert.equal(await refusal(outboundFetch("https://u:p@fcm.googleapis.com/x", {}, pushOnly)), "credentials_in_url");
  assert.equal(await refusal(outboundFetch("https://evil.example.test/x", {}, pushOnly)), "host_not_allowed");
  assert.equal(await refusal(outboundFetch("not a url", {}, pushOnly)), "invalid_url");
});

Deno.test("stops reading an answer larger than the cap", async () => {
  const big = listener(() => new Response(new Uint8Array(64 * 1024)));
  try {
    const policy = { ...http, allowPrivateAddresses: true, maxResponseBytes: 1024 };
    assert.equal(await refusal(outboundFetch(big.url, {}, policy)), "response_too_large");
  } finally {
    await big.close();
  }
});
