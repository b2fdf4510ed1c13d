import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import type { TestStack } from "../support/test-stack.ts";
import { startFunctionsStack } from "./functions-stack.ts";

let t: TestStack;
beforeAll(async () => {
  t = await startFunctionsStack();
});
afterAll(() => t?.close());

const wsUrl = (path: string) => `${t.url.replace(/^http/, "ws")}/functions/v1/${path}`;

function refusal(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl(path));
    socket.once("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
    socket.once("open", () => reject(new Error("opened")));
    socket.once("error", () => undefined);
  });
}

describe("WebSocket upgrades", () => {
  it("relays a function's websocket both ways", async () => {
    const socket = new WebSocket(wsUrl("ws/room?x=1"), { headers: { apikey: t.stack.keys.publishableKey } });
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const reply = new Promise<string>((resolve) => socket.once("message", (data) => resolve(data.toString())));
    socket.send("hi");
    expect(await reply).toBe("echo: hi (/ws/room)");
    socket.close();
  });

  it("answers unknown functions and verify_jwt refusals before upgrading", async () => {
    expect(await refusal("missing")).toBe(404);
    expect(await refusal("secure")).toBe(401);
  });
});
