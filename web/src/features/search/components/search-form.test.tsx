import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInLocale } from "../../../test/render-in-locale";
import type { SearchFilters } from "../api/search-messages";
import { SearchForm } from "./search-form";

function renderForm(query: string) {
  const searches: SearchFilters[] = [];
  renderInLocale(
    <SearchForm
      initial={{ query, channelId: "", authorId: "" }}
      channels={[]}
      members={[]}
      onSearch={(filters) => searches.push(filters)}
    />,
    "/en/search",
  );
  return searches;
}

describe("SearchForm", () => {
  it("stops typing at the 1000 characters the server accepts", () => {
    renderForm("");
    expect(screen.getByRole("searchbox", { name: "Search for" })).toHaveProperty("maxLength", 1000);
  });

  it("explains an over-long query (from a pasted link) beside the field and does not search", async () => {
    const searches = renderForm("x".repeat(1001));
    const field = screen.getByRole("searchbox", { name: "Search for" });
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Search for at most 1,000 characters.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(searches).toEqual([]);
  });

  it("searches for a query within the limit", async () => {
    const searches = renderForm("x".repeat(1000));
    await userEvent.click(screen.getByRole("button", { name: "Search" }));
    expect(searches).toEqual([{ query: "x".repeat(1000), channelId: "", authorId: "" }]);
  });
});
