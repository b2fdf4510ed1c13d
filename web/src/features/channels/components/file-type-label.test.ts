import { describe, expect, it } from "vitest";
import { fileTypeLabel, fileTypeLabels } from "./file-type-label";

describe("file type labels", () => {
  it("names office and media types by their usual extension", () => {
    expect(fileTypeLabel("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe("DOCX");
    expect(fileTypeLabel("application/pdf")).toBe("PDF");
    expect(fileTypeLabel("audio/mpeg")).toBe("MP3");
  });

  it("lists each name once", () => {
    expect(fileTypeLabels(["audio/webm", "video/webm", "image/png"])).toEqual(["WEBM", "PNG"]);
  });
});
