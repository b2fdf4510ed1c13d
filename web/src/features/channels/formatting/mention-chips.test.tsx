import { screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMarkdownFormatting } from "./markdown-formatting";
import { renderInLocale } from "../../../test/render-in-locale";
import { FormattedText } from "./formatted-text";

const ann = "11111111-1111-4111-8111-111111111111";
const bo = "22222222-2222-4222-8222-222222222222";

function show(text: string, names: Map<string, { display_name: string }>, me: string | null = null) {
  return renderInLocale(<FormattedText text={text} mentions={{ names, me }} />, "/en/").container;
}

describe("mention chips", () => {
  beforeAll(async () => {
    await loadMarkdownFormatting();
  });

  it("shows a mention with the person's current name, and marks the reader's own", async () => {
    const body = show(
      `hi <@${ann}> and **<@${bo}>**`,
      new Map([
        [ann, { display_name: "Ann Lee" }],
        [bo, { display_name: "Bo" }],
      ]),
      bo,
    );
    expect((await screen.findByText("@Ann Lee")).className).toBe("mention-chip");
    expect(body.querySelector("strong .mention-chip--mine")?.textContent).toBe("@Bo");
    expect(body.textContent).toContain("hi @Ann Lee and @Bo");
  });

  it("names someone it does not know as a former member, and leaves a token in code as written", async () => {
    const body = show(`<@${ann}> \`<@${bo}>\``, new Map());
    expect((await screen.findByText("@Former member")).className).toBe("mention-chip");
    expect(body.querySelector("code")?.textContent).toBe(`<@${bo}>`);
  });
});
