import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

// Physical directions break right-to-left layouts; logical ones (inline/block, start/end) flip
// with `dir` on their own. Matches properties such as `margin-left`, `left:`, `width:`,
// `border-top-…`, and values such as `text-align: right` or `float: left`.
const physical =
  /(?:^|[\s{;])(?:(?:margin|padding|border|inset|scroll-margin|scroll-padding)-(?:left|right|top|bottom)|left|right|top|bottom|(?:min-|max-)?(?:width|height))\s*:|:\s*(?:left|right)\s*[;}]/m;

it("styles use logical properties only", () => {
  const root = join(import.meta.dirname, "../..");
  const offenders = readdirSync(root, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".css"))
    .flatMap((file) =>
      readFileSync(join(root, file), "utf8")
        .split("\n")
        .map((line, index) => ({ where: `${file}:${index + 1}`, line: line.trim() }))
        .filter(({ line }) => physical.test(line)),
    );
  expect(offenders).toEqual([]);
});
