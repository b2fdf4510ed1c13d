import { describe, expect, it } from "vitest";
import { readableLine } from "./readable-log.ts";

describe("readableLine: the CLI's log as lines a person reads", () => {
  it("prints a warning as the CLI does, not as JSON", () => {
    const json = JSON.stringify({ level: 40, time: 1, pid: 2, svc: "parley-stack", msg: "auth.site_url is unset" });
    expect(readableLine(json)).toBe("WARNING: auth.site_url is unset");
  });

  it("keeps the fields of an info line as key=value", () => {
    const json = JSON.stringify({ level: 30, msg: "request", method: "GET", path: "/rest/v1/notes", status: 200 });
    expect(readableLine(json)).toBe("request method=GET path=/rest/v1/notes status=200");
  });

  it("shows an error's message and its stack", () => {
    const json = JSON.stringify({ level: 50, msg: "failed", err: { message: "boom", stack: "Error: boom\n    at x" } });
    expect(readableLine(json)).toBe('ERROR: failed err="boom"\n  Error: boom\n      at x');
  });

  it("passes a line that is not a record through", () => {
    expect(readableLine("plain text\n")).toBe("plain text");
  });
});
