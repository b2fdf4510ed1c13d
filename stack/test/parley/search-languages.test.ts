import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { buildWorld, messageBy, type World } from "./support/world.ts";

// Search in the scripts the app speaks, beyond search.test.ts: words inside Japanese runs without
// spaces, Arabic with and without its article, prefixes and short vowels, German compounds and
// umlauts in any case. Each row: the query, a message it must find, and one it must not.
const messages = {
  ja: "会議の議事録を共有フォルダに置きました。",
  jaOther: "週末は京都に行ってきます。お土産を買ってきますね。",
  ar: "الكتاب الذي أوصيتم به مفيد جداً للفريق.",
  arVowels: "وصلَ التقريرُ الشهريُّ صباحاً",
  arOther: "شكراً على المساعدة في إصلاح المشكلة.",
  de: "Die Kundenbesprechung zu den Straßenadressen ist verschoben.",
  deUmlaut: "Kann jemand die Übersetzungen für die Einstellungen prüfen?",
  deOther: "Der Build ist wieder grün, danke für die schnelle Hilfe!",
};

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  for (const body of Object.values(messages)) await messageBy(w, w.people.member.id, w.publicChannelId, body);
});
afterAll(() => t?.close());

async function bodiesFound(query: string): Promise<string[]> {
  const { data, error } = await w.client("member").rpc("search_messages", { workspace_id: w.workspaceId, query });
  expect(error).toBeNull();
  return (data as { body: string }[]).map((hit) => hit.body);
}

describe("search_messages in Japanese, Arabic and German", () => {
  it.each([
    ["a Japanese word in the middle of a sentence", "議事録", messages.ja, messages.jaOther],
    ["a katakana word glued to kanji and kana", "フォルダ", messages.ja, messages.jaOther],
    ["two Japanese terms that must both occur", "会議 フォルダ", messages.ja, messages.jaOther],
    ["an Arabic word queried without its article", "كتاب", messages.ar, messages.arOther],
    ["an Arabic word written with its article in the query only", "المفيد", messages.ar, messages.arOther],
    ["an Arabic word in a message written with short vowels", "التقرير", messages.arVowels, messages.arOther],
    ["an Arabic query written with short vowels", "كِتَاب", messages.ar, messages.arOther],
    ["the tail of a German compound", "besprechung", messages.de, messages.deOther],
    ["the head of a German compound with ß", "Straße", messages.de, messages.deOther],
    ["a German plural by its singular", "Übersetzung", messages.deUmlaut, messages.deOther],
    ["German umlauts regardless of case", "ÜBERSETZUNGEN PRÜFEN", messages.deUmlaut, messages.deOther],
  ])("finds %s", async (_case, query, found, notFound) => {
    const bodies = await bodiesFound(query);
    expect(bodies).toContain(found);
    expect(bodies).not.toContain(notFound);
  });

  it("highlights a Japanese match inside its run of text", async () => {
    const { data } = await w.client("member").rpc("search_messages", { workspace_id: w.workspaceId, query: "議事録" });
    expect((data as { snippet: string }[])[0]?.snippet).toContain("会議の<mark>議事録</mark>を");
  });

  it("does not match a German word that is not there", async () => {
    expect(await bodiesFound("Besprechungsraum")).toEqual([]);
  });
});
