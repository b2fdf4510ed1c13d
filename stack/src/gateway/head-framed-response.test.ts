import { createServer, type ServerResponse } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HeadFramedResponse } from "./head-framed-response.ts";

/** How each path answers: the ways a handler can give (or not give) its headers. */
const ANSWERS: Record<string, (response: ServerResponse) => void> = {
  "/object": (r) => r.writeHead(200, { "Content-Type": "application/json" }).end(),
  "/object-with-length": (r) => r.writeHead(200, { "content-length": "2" }).end("{}"),
  "/flat-array": (r) => r.writeHead(200, ["Content-Type", "text/plain", "Set-Cookie", "a=1"]).end(),
  "/flat-array-with-length": (r) => r.writeHead(200, ["Content-Type", "text/plain", "Content-Length", "0"]).end(),
  "/status-message": (r) => r.writeHead(200, "Fine", { "Content-Type": "text/plain" }).end(),
  "/implicit": (r) => {
    r.setHeader("Content-Type", "text/plain");
    r.end("body");
  },
  "/implicit-with-length": (r) => {
    r.setHeader("Content-Length", "4");
    r.end("body");
  },
  "/no-content": (r) => r.writeHead(204).end(),
};

let port = 0;
const server = createServer({ ServerResponse: HeadFramedResponse }, (request, response) =>
  (ANSWERS[request.url ?? ""] ?? ((r: ServerResponse) => r.writeHead(404).end()))(response),
);
beforeAll(() =>
  new Promise<void>((done) => server.listen(0, "127.0.0.1", done)).then(() => {
    port = (server.address() as AddressInfo).port;
  }),
);
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** Sends `text` on a fresh connection and reads all the server writes until it closes. */
function exchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => (out += chunk));
    socket.on("end", () => resolve(out));
    socket.on("error", reject);
    socket.write(text);
  });
}

/** The framing headers of the first answer, and everything after its header block. */
async function headThenClose(path: string, version = "1.1"): Promise<{ framing: string[]; rest: string }> {
  const closing = `GET /object-with-length HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
  const out = await exchange(`HEAD ${path} HTTP/${version}\r\nHost: x\r\n\r\n${version === "1.1" ? closing : ""}`);
  const end = out.indexOf("\r\n\r\n");
  const framing = out
    .slice(0, end)
    .split("\r\n")
    .filter((line) => /^(content-length|transfer-encoding):/i.test(line));
  return { framing, rest: out.slice(end + 4) };
}

const NEXT_ANSWER = /^HTTP\/1\.1 200 OK\r\n/;

describe("HeadFramedResponse", () => {
  it.each([
    ["/object", ["Transfer-Encoding: chunked"]],
    ["/flat-array", ["Transfer-Encoding: chunked"]],
    ["/status-message", ["Transfer-Encoding: chunked"]],
    ["/implicit", ["Transfer-Encoding: chunked"]],
    ["/object-with-length", ["content-length: 2"]],
    ["/flat-array-with-length", ["Content-Length: 0"]],
    ["/implicit-with-length", ["Content-Length: 4"]],
    ["/no-content", []],
  ])("frames a HEAD answered by %s as %j, with no body before the next answer", async (path, framing) => {
    const answer = await headThenClose(path);
    expect(answer.framing).toEqual(framing);
    expect(answer.rest).toMatch(NEXT_ANSWER);
  });

  it("leaves an HTTP/1.0 HEAD unframed (chunked is HTTP/1.1's)", async () => {
    expect((await headThenClose("/object", "1.0")).framing).toEqual([]);
  });

  it("leaves a GET alone", async () => {
    const out = await exchange("GET /object HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    expect(out).toMatch(/\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n$/);
  });
});
