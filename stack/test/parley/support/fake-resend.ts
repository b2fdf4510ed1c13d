import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** A request the fake received: its headers and JSON body. */
export interface ResendRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: { from: string; to: string[]; subject: string; html: string; text: string };
}

export interface FakeResend {
  url: string;
  requests: ResendRequest[];
  /** Refuse every email to these addresses with Resend's error shape. */
  refuse: Set<string>;
  /** Refuse only the next email to each of these addresses, then accept (a provider's passing outage). */
  refuseOnce: Set<string>;
  close: () => Promise<void>;
}

/**
 * A local HTTP server standing in for Resend's `POST /emails`: it records each request and answers
 * `{id}` as Resend does, or Resend's `{statusCode, name, message}` error for a refused address.
 * @example const resend = await startFakeResend(); // RESEND_API_URL=resend.url
 */
export async function startFakeResend(): Promise<FakeResend> {
  const requests: ResendRequest[] = [];
  const refuse = new Set<string>();
  const refuseOnce = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as ResendRequest["body"];
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      const refusedOnce = body.to?.filter((address) => refuseOnce.delete(address)) ?? [];
      const refused = refusedOnce.length > 0 || body.to?.some((address) => refuse.has(address));
      res.writeHead(refused ? 500 : 200, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify(
          refused
            ? { statusCode: 500, name: "internal_server_error", message: "An unexpected error occurred." }
            : { id: `email-${requests.length}` },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refuse,
    refuseOnce,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
