import { describe, expect, it } from "vitest";
import { rankSwitcherItems, resultLimit } from "./rank-switcher-items";
import type { SwitcherItem } from "./switcher-item";

const channel = (id: string, name: string, archived = false): SwitcherItem => ({
  kind: "channel",
  id,
  name,
  isPrivate: false,
  archived,
});
const person = (id: string, name: string, username: string): SwitcherItem => ({ kind: "person", id, name, username });

const items: SwitcherItem[] = [
  channel("c1", "general"),
  channel("c2", "engineering"),
  channel("c3", "design"),
  channel("c4", "old-launch", true),
  channel("c5", "random"),
  person("p1", "Lucía García", "lucia"),
  person("p2", "Jonas Weber", "jonas"),
  person("p3", "田中 由紀", "yuki"),
  person("p4", "Gene Ral", "gene"),
];
const names = (ranked: SwitcherItem[]) => ranked.map((item) => item.name);

describe("rankSwitcherItems", () => {
  it("lists recent places first, most recent first, then channels, people and archived channels by name", () => {
    expect(names(rankSwitcherItems(items, "", ["person:p2", "channel:c5"]))).toEqual([
      "Jonas Weber",
      "random",
      "design",
      "engineering",
      "general",
      "Gene Ral",
      "Lucía García",
      "田中 由紀",
      "old-launch",
    ]);
  });

  it("finds letters in order (fuzzy)", () => {
    expect(names(rankSwitcherItems(items, "gnrl", []))).toContain("general");
    expect(names(rankSwitcherItems(items, "engnr", []))).toEqual(["engineering"]);
  });

  it("ranks a prefix match above a fuzzy one", () => {
    expect(names(rankSwitcherItems(items, "gen", []))[0]).toMatch(/^gen/i);
    expect(
      names(rankSwitcherItems(items, "gen", []))
        .slice(0, 2)
        .sort(),
    ).toEqual(["Gene Ral", "general"]);
  });

  it("breaks ties between equal matches by recency", () => {
    expect(names(rankSwitcherItems(items, "gen", ["person:p4"]))[0]).toBe("Gene Ral");
    expect(names(rankSwitcherItems(items, "gen", ["channel:c1"]))[0]).toBe("general");
  });

  it("ignores accents and finds people by username", () => {
    expect(names(rankSwitcherItems(items, "lucia garcia", []))).toEqual(["Lucía García"]);
    expect(names(rankSwitcherItems(items, "yuki", []))).toEqual(["田中 由紀"]);
  });

  it("matches Japanese names as written", () => {
    expect(names(rankSwitcherItems(items, "由紀", []))).toEqual(["田中 由紀"]);
  });

  it("lets # and @ lead the query as people type them", () => {
    expect(names(rankSwitcherItems(items, "#design", []))).toEqual(["design"]);
    expect(names(rankSwitcherItems(items, "@jonas", []))).toEqual(["Jonas Weber"]);
  });

  it("finds nothing for letters nobody has", () => {
    expect(rankSwitcherItems(items, "zzz", [])).toEqual([]);
  });

  it(`lists at most ${resultLimit} places`, () => {
    const many = Array.from({ length: 80 }, (_, i) => channel(`x${i}`, `team-${i}`));
    expect(rankSwitcherItems(many, "team", [])).toHaveLength(resultLimit);
    expect(rankSwitcherItems(many, "", [])).toHaveLength(resultLimit);
  });
});
