import { describe, expect, it } from "vitest";
import { htmlToText, renderTemplate } from "./render-template.ts";

describe("renderTemplate (Supabase email template variables)", () => {
  const data = {
    ConfirmationURL: "http://x/verify?token=a&type=signup",
    Token: "123456",
    Email: "a@example.com",
    Data: { name: "<Ada>" },
    RedirectTo: "",
  };

  it("substitutes variables and nested Data keys, escaping HTML in bodies", () => {
    expect(renderTemplate('<a href="{{ .ConfirmationURL }}">{{.Token}}</a> {{ .Data.name }}', data, true)).toBe(
      '<a href="http://x/verify?token=a&amp;type=signup">123456</a> &lt;Ada&gt;',
    );
  });

  it("leaves subjects unescaped and renders unknown variables empty", () => {
    expect(renderTemplate("{{ .Token }} for {{ .Email }}{{ .Missing }}", data, false)).toBe("123456 for a@example.com");
  });

  it("supports if/else on a variable", () => {
    expect(renderTemplate("{{ if .RedirectTo }}to {{ .RedirectTo }}{{ else }}home{{ end }}", data, false)).toBe("home");
  });

  it("spells links out in the text part", () => {
    expect(htmlToText('<p><a href="http://x/?a=1&amp;b=2">Confirm</a></p>')).toBe("Confirm ( http://x/?a=1&b=2 )");
  });
});
