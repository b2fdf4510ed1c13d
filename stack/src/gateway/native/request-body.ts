import type { IncomingMessage } from "node:http";

/** A body grew past the gateway's limit while being read (the gateway answers 413). */
export class BodyTooLargeError extends Error {
  override name = "BodyTooLargeError";
}

const utf8 = new TextDecoder("utf-8");

/**
 * Reads a request body into memory, refusing it once it passes `maxBytes` (undefined: no limit, the
 * service polices its own). A declared Content-Length over the limit is refused before any service
 * runs; this catches chunked bodies. On refusal the stream is left paused and whole, so the caller
 * can drain it (`discardRest`) and the client, still sending, reads the 413.
 */
export function readBody(request: IncomingMessage, maxBytes: number | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const stop = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
      request.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      length += chunk.length;
      if (maxBytes !== undefined && length > maxBytes) {
        stop();
        request.pause();
        reject(new BodyTooLargeError("request body over the limit"));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    // The client went away before the end: nothing more will come.
    const onClose = () => onError(new Error("request body aborted"));
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
    request.on("close", onClose);
  });
}

/** UTF-8 text of a body, a leading BOM dropped and bad bytes replaced, as `Request.text()` decodes. */
export function bodyText(bytes: Buffer): string {
  return utf8.decode(bytes);
}
