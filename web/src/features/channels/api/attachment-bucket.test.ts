import { describe, expect, it } from "vitest";
import { fileProblem } from "./attachment-bucket";

const limits = { fileSizeLimit: 1000, allowedMimeTypes: ["image/png", "text/*"] };

describe("fileProblem", () => {
  it("refuses a file over the bucket's size limit before it is sent", () => {
    expect(fileProblem({ size: 1001, type: "image/png" }, limits)).toBe("tooLarge");
    expect(fileProblem({ size: 1000, type: "image/png" }, limits)).toBeNull();
  });

  it("refuses types the bucket does not allow, honouring wildcards and untyped files", () => {
    expect(fileProblem({ size: 1, type: "image/svg+xml" }, limits)).toBe("wrongType");
    expect(fileProblem({ size: 1, type: "text/csv" }, limits)).toBeNull();
    expect(fileProblem({ size: 1, type: "" }, limits)).toBe("wrongType");
    expect(fileProblem({ size: 1, type: "" }, { fileSizeLimit: null, allowedMimeTypes: null })).toBeNull();
  });
});
