import { describe, expect, it } from "vitest";
import { reachLocalStack } from "./local-urls.ts";

const gateway = "http://127.0.0.1:61234";

describe("reachLocalStack", () => {
  it.each([
    ["http://kong:8000/functions/v1/hook?x=1", "http://127.0.0.1:61234/functions/v1/hook?x=1"],
    ["http://supabase_kong_parley:8000/rest/v1/", "http://127.0.0.1:61234/rest/v1/"],
    ["http://host.docker.internal:54321/functions/v1/x", "http://127.0.0.1:54321/functions/v1/x"],
    ["https://example.com/hook", "https://example.com/hook"],
    ["http://127.0.0.1:9999/a", "http://127.0.0.1:9999/a"],
  ])("sends %s to %s", (from, to) => {
    expect(reachLocalStack(new URL(from), gateway).toString()).toBe(to);
  });
});
