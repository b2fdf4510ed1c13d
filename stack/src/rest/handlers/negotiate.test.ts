import { describe, expect, it } from "vitest";
import { RestProblem } from "../errors.ts";
import { parseAccept } from "../parse/media-type.ts";
import { negotiate } from "./negotiate.ts";

const PLAN = 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|buffers;';

describe("negotiate", () => {
  it("answers a plan for its for= type only while plans are enabled", () => {
    expect(negotiate(parseAccept(PLAN), true)).toEqual({
      kind: "object",
      stripped: false,
      contentType: "application/vnd.pgrst.object+json; charset=utf-8",
      plan: {
        format: "json",
        options: ["analyze", "buffers"],
        contentType:
          'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|buffers; charset=utf-8',
      },
    });
    expect(() => negotiate(parseAccept(PLAN), false)).toThrow(RestProblem);
  });

  it("falls through a disabled plan to the next acceptable type", () => {
    expect(negotiate(parseAccept(`${PLAN}, text/csv;q=0.5`), false).kind).toBe("csv");
  });

  it("names GeoJSON's content type", () => {
    expect(negotiate(parseAccept("application/geo+json")).contentType).toBe("application/geo+json; charset=utf-8");
  });
});
