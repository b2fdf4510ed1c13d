import type { Readable } from "node:stream";

/** Calls `onLine` for every line of a child's output stream (the last partial line on end). */
export function readLines(stream: Readable, onLine: (line: string) => void): void {
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffered += chunk;
    let newline = buffered.indexOf("\n");
    while (newline !== -1) {
      onLine(buffered.slice(0, newline).replace(/\r$/, ""));
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf("\n");
    }
  });
  stream.on("end", () => {
    if (buffered !== "") onLine(buffered);
    buffered = "";
  });
}
