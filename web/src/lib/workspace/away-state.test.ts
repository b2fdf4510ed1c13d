import { describe, expect, it } from "vitest";
import { awayUsers } from "./away-state";

describe("awayUsers", () => {
  it("counts a person away only when every tab of theirs is away", () => {
    const away = awayUsers({
      ada: [{ away: true }],
      jonas: [{ away: true }, { away: false }],
      camille: [{}],
    });
    expect([...away]).toEqual(["ada"]);
  });
});
