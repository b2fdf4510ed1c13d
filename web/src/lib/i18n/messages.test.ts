import { describe, expect, it } from "vitest";
import english from "../../locales/en.json";
import german from "../../locales/de.json";
import { firstScreenMessages, isFirstScreenMessage } from "./first-screen-messages";
import { loadFirstScreenMessages, loadMessages } from "./messages";

describe("message catalogs in two parts", () => {
  it("loads only the first screen's messages first, then the rest: together the whole catalog, English filling gaps", async () => {
    const first = await loadFirstScreenMessages("de");
    expect(Object.keys(first).length).toBeGreaterThan(0);
    expect(Object.keys(first).every(isFirstScreenMessage)).toBe(true);
    expect(first["channels.view.notFound"]).toBe(german["channels.view.notFound"]);
    expect(first).not.toHaveProperty("auth.field.password");

    expect(await loadMessages("de")).toEqual({ ...english, ...german });
  });

  it("loads the whole catalog at once where no first screen came before", async () => {
    expect(await loadMessages("fr")).toEqual({ ...english, ...(await import("../../locales/fr.json")).default });
  });

  it("names only namespaces and keys the English catalog has", () => {
    const ids = Object.keys(english);
    const unknown = firstScreenMessages.filter(
      (entry) => !ids.some((id) => id === entry || id.startsWith(`${entry}.`)),
    );
    expect(unknown).toEqual([]);
  });
});
