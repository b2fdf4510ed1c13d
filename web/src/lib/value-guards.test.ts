import { describe, expect, it } from "vitest";
import { arrayOf, isObject, isString, nullable, objectOf, oneOf, recordOf } from "./value-guards";

const isMember = objectOf({
  id: isString,
  role: oneOf(["owner", "member"]),
  tags: arrayOf(isString),
  profile: nullable(objectOf({ name: nullable(isString) })),
});

describe("value guards", () => {
  it.each([
    [{ id: "m1", role: "owner", tags: [], profile: null }, true],
    [{ id: "m1", role: "member", tags: ["a"], profile: { name: null }, extra: 1 }, true],
    [{ id: "m1", role: "guest", tags: [], profile: null }, false],
    [{ id: "m1", role: "owner", tags: [1], profile: null }, false],
    [{ id: "m1", role: "owner", tags: [], profile: { name: 2 } }, false],
    [{ id: "m1", role: "owner", tags: [] }, false],
    [{ role: "owner", tags: [], profile: null }, false],
    [null, false],
    [["m1"], false],
    ["m1", false],
  ])("objectOf checks %j → %s", (value, expected) => {
    expect(isMember(value)).toBe(expected);
  });

  it("tells a plain object from null and arrays", () => {
    expect([{}, null, [], "x"].map(isObject)).toEqual([true, false, false, false]);
  });

  it("checks every value of a record", () => {
    const isDrafts = recordOf(objectOf({ body: isString }));
    expect(isDrafts({ a: { body: "x" }, b: { body: "y" } })).toBe(true);
    expect(isDrafts({ a: { body: 42 } })).toBe(false);
    expect(isDrafts([{ body: "x" }])).toBe(false);
  });
});
