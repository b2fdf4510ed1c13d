import { describe, expect, it } from "vitest";
import { isIgnoredChange } from "./watch-functions.ts";

describe("isIgnoredChange (the CLI's watcher patterns)", () => {
  it.each([
    ["/p/functions/hello/index.ts", false],
    ["/p/functions/.env", false],
    ["/p/functions/hello/index.ts~", true],
    ["/p/functions/hello/.index.ts.swp", true],
    ["/p/functions/hello/___deno_tmp", true],
    ["/p/functions/hello/x.tmp", true],
    ["/p/functions/hello/.#index.ts", true],
    ["/p/functions/hello/node_modules/x/index.js", true],
  ])("%s → ignored %s", (file, ignored) => {
    expect(isIgnoredChange(file)).toBe(ignored);
  });
});
