import type { Readable } from "node:stream";

/**
 * Calls `onEntry` with the complete lines of each chunk a child wrote (the last partial line is
 * kept for the next chunk, and given on end). One `console.error("a\nb")` is one write, so its lines
 * arrive together and stay one log entry, as in edge-runtime's log of a user worker.
 */
export function readEntries(stream: Readable, onEntry: (lines: string[]) => void): void {
  let buffered = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk: string) => {
    buffered += chunk;
    const end = buffered.lastIndexOf("\n");
    if (end === -1) return;
    const complete = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    onEntry(complete.split("\n").map((line) => line.replace(/\r$/, "")));
  });
  stream.on("end", () => {
    if (buffered !== "") onEntry([buffered]);
    buffered = "";
  });
}
