import { OutboundRefused } from "./outbound-refused.ts";

/**
 * `response` with a body that errors (OutboundRefused "response_too_large") once more than
 * `maxBytes` arrive, so a peer cannot make the function buffer an endless answer. A declared
 * `Content-Length` above the cap is refused before reading anything.
 */
export function limitedResponse(response: Response, maxBytes: number): Response {
  const tooLarge = () => new OutboundRefused("response_too_large", `the answer is larger than ${maxBytes} bytes`);
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    void response.body?.cancel();
    throw tooLarge();
  }
  if (!response.body) return response;
  let received = 0;
  const cap = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      received += chunk.byteLength;
      if (received > maxBytes) controller.error(tooLarge());
      else controller.enqueue(chunk);
    },
  });
  return new Response(response.body.pipeThrough(cap), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
