import { describe, expect, it, vi } from "vitest";
// The worker as the browser loads it (public/push-service-worker.js), run against a stand-in of
// its global scope: headless Chromium refuses `showNotification` even with the permission granted,
// so the browser tests cannot watch it.
import workerSource from "../../../public/push-service-worker.js?raw";

const ORIGIN = "https://chat.example.com";

type Handler = (event: Record<string, unknown>) => void;
type Window = {
  url: string;
  visibilityState: string;
  focus: () => Promise<Window>;
  navigate: (url: string) => Promise<unknown>;
};

function startWorker(windows: Window[]) {
  const handlers = new Map<string, Handler>();
  const scope = {
    location: new URL(`${ORIGIN}/push-service-worker.js`),
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: vi.fn(),
    clients: { claim: vi.fn(), matchAll: vi.fn(async () => windows), openWindow: vi.fn(async () => null) },
    registration: { showNotification: vi.fn(async () => undefined) },
  };
  new Function("self", workerSource)(scope);
  /** Dispatches an event and waits for what it asked to wait for. */
  async function dispatch(type: string, fields: Record<string, unknown>) {
    const waits: Promise<unknown>[] = [];
    handlers.get(type)?.({ ...fields, waitUntil: (promise: Promise<unknown>) => waits.push(promise) });
    await Promise.all(waits);
  }
  const push = (payload: unknown) =>
    dispatch("push", { data: { json: () => (typeof payload === "string" ? JSON.parse(payload) : payload) } });
  const click = (url: string) => dispatch("notificationclick", { notification: { data: { url }, close: vi.fn() } });
  return { scope, push, click };
}

function tab(url: string, visibilityState = "hidden"): Window {
  const window: Window = { url, visibilityState, focus: vi.fn(async () => window), navigate: vi.fn(async () => null) };
  return window;
}

const payload = {
  title: "Ada mentioned you in #general",
  body: "Can you look?",
  url: `${ORIGIN}/en/w/demo/c/1?message=2`,
  tag: "activity:3",
  lang: "en",
};

describe("the push Service Worker", () => {
  it("shows a push as a notification tagged with its activity while no Parley window is visible", async () => {
    const worker = startWorker([tab(`${ORIGIN}/en/w/demo`, "hidden")]);
    await worker.push(payload);
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith("Ada mentioned you in #general", {
      body: "Can you look?",
      tag: "activity:3",
      lang: "en",
      data: { url: `${ORIGIN}/en/w/demo/c/1?message=2` },
    });
  });

  it("shows nothing while a Parley window is visible: the open app tells the person itself", async () => {
    const worker = startWorker([tab(`${ORIGIN}/en/w/demo`, "visible")]);
    await worker.push(payload);
    expect(worker.scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it("ignores a push that is not Parley's JSON", async () => {
    const worker = startWorker([]);
    await worker.push("[1, 2]");
    await worker.push({ body: "no title" });
    await worker.push("not json");
    expect(worker.scope.registration.showNotification).not.toHaveBeenCalled();
  });

  it("keeps a link to another site inside Parley", async () => {
    const worker = startWorker([]);
    await worker.push({ ...payload, url: "https://evil.example/en/w/demo/c/1?message=2" });
    expect(worker.scope.registration.showNotification).toHaveBeenCalledWith(
      payload.title,
      expect.objectContaining({ data: { url: `${ORIGIN}/en/w/demo/c/1?message=2` } }),
    );
  });

  it("on a click, focuses an open Parley tab and opens the message there", async () => {
    const other = tab("https://elsewhere.example/");
    const parley = tab(`${ORIGIN}/en/w/demo`);
    const worker = startWorker([other, parley]);
    await worker.click(`${ORIGIN}/en/w/demo/c/1?message=2`);
    expect(parley.focus).toHaveBeenCalled();
    expect(parley.navigate).toHaveBeenCalledWith(`${ORIGIN}/en/w/demo/c/1?message=2`);
    expect(other.focus).not.toHaveBeenCalled();
    expect(worker.scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it("on a click with no Parley tab open, opens one at the message", async () => {
    const worker = startWorker([tab("https://elsewhere.example/")]);
    await worker.click(`${ORIGIN}/en/w/demo/c/1?message=2`);
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/en/w/demo/c/1?message=2`);
  });
});
