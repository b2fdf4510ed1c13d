import { describe, expect, it } from "vitest";
import english from "../../locales/en.json";
import german from "../../locales/de.json";
import spanish from "../../locales/es.json";
import { firstScreenMessages, isFirstScreenMessage } from "./first-screen-messages";
import { loadFirstScreenMessages, loadMessages } from "./messages";

describe("message catalogs in two parts", () => {
  it("loads only a conversation's messages first, then the rest: together the whole catalog, English filling gaps", async () => {
    const first = await loadFirstScreenMessages("de", "conversation");
    expect(Object.keys(first).length).toBeGreaterThan(0);
    expect(Object.keys(first).every((id) => isFirstScreenMessage(id, "conversation"))).toBe(true);
    expect(first["channels.view.notFound"]).toBe(german["channels.view.notFound"]);
    expect(first).not.toHaveProperty("auth.field.password");

    expect(await loadMessages("de")).toEqual({ ...english, ...german });
  });

  it("loads only the signed-out forms' messages first, then the rest", async () => {
    const first = await loadFirstScreenMessages("es", "sign-in");
    expect(Object.keys(first).every((id) => isFirstScreenMessage(id, "sign-in"))).toBe(true);
    expect(first["auth.field.password"]).toBe(spanish["auth.field.password"]);
    expect(first).not.toHaveProperty("channels.view.notFound");

    expect(await loadMessages("es")).toEqual({ ...english, ...spanish });
  });

  it("loads the whole catalog at once where no first screen came before", async () => {
    expect(await loadMessages("fr")).toEqual({ ...english, ...(await import("../../locales/fr.json")).default });
  });

  it("names only namespaces and keys the English catalog has", () => {
    const ids = Object.keys(english);
    const unknown = Object.values(firstScreenMessages)
      .flat()
      .filter((entry) => !ids.some((id) => id === entry || id.startsWith(`${entry}.`)));
    expect(unknown).toEqual([]);
  });
});
