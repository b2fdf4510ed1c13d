import { describe, expect, it } from "vitest";
import { splitDenoProgress } from "./deno-output.ts";

describe("splitDenoProgress", () => {
  it("treats Deno's npm and module download lines as progress, not errors", () => {
    expect(
      splitDenoProgress([
        "Download https://registry.npmjs.org/@supabase%2fsupabase-js",
        "Download https://registry.npmjs.org/@supabase/supabase-js/-/supabase-js-2.49.1.tgz",
        "Initialize @supabase/supabase-js@2.49.1",
      ]),
    ).toEqual({
      progress: [
        "Download https://registry.npmjs.org/@supabase%2fsupabase-js",
        "Download https://registry.npmjs.org/@supabase/supabase-js/-/supabase-js-2.49.1.tgz",
        "Initialize @supabase/supabase-js@2.49.1",
      ],
      errors: [],
    });
  });

  it("keeps every other line of the write together, blank lines inside included", () => {
    expect(splitDenoProgress(["Error: boom", "", "    at handler (file:///f/index.ts:2:9)"])).toEqual({
      progress: [],
      errors: ["Error: boom", "", "    at handler (file:///f/index.ts:2:9)"],
    });
    expect(splitDenoProgress(["", "  "]).errors).toEqual([]);
  });
});
