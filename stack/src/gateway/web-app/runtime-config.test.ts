import { describe, expect, it } from "vitest";
import { runtimeConfigScript } from "./runtime-config.ts";

describe("runtimeConfigScript", () => {
  it("sets window.parleyConfig to the publishable key, never forming a closing script tag", () => {
    expect(runtimeConfigScript("sb_publishable_x</script>")).toBe(
      'window.parleyConfig = {"publishableKey":"sb_publishable_x\\u003c/script>"};\n',
    );
  });
});
