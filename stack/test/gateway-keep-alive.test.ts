import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "./support/test-stack.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startTestStack("auth-oauth");
}, 120_000);
afterAll(() => t?.close());

interface RawRequest {
  method: "GET" | "POST";
  path: string;
  form?: string;
}

/**
 * Answers written on the Node response by a service itself (the OAuth emulator's oidc-provider, a Koa
 * app) next to the gateway's own. After any of them the connection must stay usable: a keep-alive
 * client (undici, as openid-client's code exchange uses) sends its next request on it at once.
 */
const FIRST_REQUESTS: readonly (readonly [string, RawRequest])[] = [
  ["the emulator's discovery", { method: "GET", path: "/emulators/oauth/google/.well-known/openid-configuration" }],
  ["the emulator's keys", { method: "GET", path: "/emulators/oauth/google/jwks" }],
  [
    "the emulator's token endpoint refusing a code",
    {
      method: "POST",
      path: "/emulators/oauth/google/token",
      form: "grant_type=authorization_code&code=not-a-code&redirect_uri=http%3A%2F%2Flocalhost%2Fcb&client_id=x&client_secret=y",
    },
  ],
  [
    "the emulator's token endpoint for an unknown provider",
    { method: "POST", path: "/emulators/oauth/nope/token", form: "a=b" },
  ],
  ["auth's health", { method: "GET", path: "/auth/v1/health" }],
];

function requestText(request: RawRequest, close: boolean): string {
  const body = request.form ?? "";
  const lines = [
    `${request.method} ${request.path} HTTP/1.1`,
    "Host: 127.0.0.1",
    `Connection: ${close ? "close" : "keep-alive"}`,
    ...(request.method === "POST"
      ? ["Content-Type: application/x-www-form-urlencoded", `Content-Length: ${Buffer.byteLength(body)}`]
      : []),
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}

/**
 * Sends `first` and then `GET /auth/v1/health` (asking the server to close after it) on ONE connection,
 * pipelined, and reads everything the server writes until it closes the connection.
 */
function twoRequestsOnOneConnection(first: RawRequest): Promise<string> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.write(requestText(first, false) + requestText({ method: "GET", path: "/auth/v1/health" }, true));
  });
}

describe("a keep-alive connection", () => {
  it.each(FIRST_REQUESTS)("stays open after %s, and answers the next request on it", async (_name, first) => {
    const received = await twoRequestsOnOneConnection(first);
    // The health answer names GoTrue; it can only arrive if the server kept the connection after the first answer.
    expect(received).toContain('"name":"GoTrue"');
  });
});
