import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Outbox } from "./outbox.ts";

const mail = (to: string) => ({
  from: { Name: "", Address: "admin@email.com" },
  to: [{ Name: "", Address: to }],
  subject: "Hi",
  text: "t",
  html: "<p>t</p>",
});

describe("Outbox persistence", () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps mail across a reopen of the same file, newest first, and persists clears", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    const file = path.join(dir, "data", "mailbox.json");
    const first = await Outbox.open(file);
    first.add(mail("a@example.com"));
    first.add(mail("b@example.com"));
    await first.flushed();
    const reopened = await Outbox.open(file);
    expect(reopened.list().map((m) => m.To[0]?.Address)).toEqual(["b@example.com", "a@example.com"]);
    reopened.clear();
    await reopened.flushed();
    expect(JSON.parse(await readFile(file, "utf8"))).toEqual({ messages: [] });
  });

  it("starts empty when the file is missing or unreadable", async () => {
    dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    expect((await Outbox.open(path.join(dir, "none.json"))).list()).toEqual([]);
  });
});
