import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { IncomingHttpHeaders } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { generate } from "selfsigned";

/** One request the push service received. */
export interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface PushService {
  /** `https://127.0.0.1:<port>`: subscriptions' endpoints live under it. */
  origin: string;
  /** The PEM file of the certificate authority that signed its certificate (for DENO_CERT). */
  caFile: string;
  /** Every request received so far, in order. */
  received: PushRequest[];
  /** How many TCP connections were opened to it (a refused request opens none). */
  connections(): number;
  /** The next request for `endpointPath` (already received or still to come). */
  requestFor(endpointPath: string): Promise<PushRequest>;
  /** Makes the service answer `status` for an endpoint (default 201 Created, as push services do). */
  answer(endpointPath: string, status: number): void;
  /** Makes the service answer `307 Temporary Redirect` to `location` for an endpoint. */
  redirect(endpointPath: string, location: string): void;
  close(): Promise<void>;
}

async function certificates(): Promise<{ ca: string; key: string; cert: string }> {
  const now = Date.now();
  const validity = { notBeforeDate: new Date(now - 3600_000), notAfterDate: new Date(now + 24 * 3600_000) };
  const ca = await generate([{ name: "commonName", value: "Parley test push CA" }], {
    ...validity,
    algorithm: "sha256",
    extensions: [
      { name: "basicConstraints", cA: true, critical: true },
      { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  const leaf = await generate([{ name: "commonName", value: "127.0.0.1" }], {
    ...validity,
    algorithm: "sha256",
    ca: { key: ca.private, cert: ca.cert },
    extensions: [
      { name: "basicConstraints", cA: false },
      { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
      { name: "extKeyUsage", serverAuth: true },
      { name: "subjectAltName", altNames: [{ type: 7, ip: "127.0.0.1" }] },
    ],
  });
  return { ca: ca.cert, key: leaf.private, cert: leaf.cert };
}

/**
 * A stand-in for a browser vendor's push service (RFC 8030) on 127.0.0.1 over HTTPS — the only
 * scheme push endpoints have — with a certificate from a throwaway authority, which the stack's
 * Deno trusts through DENO_CERT. It records each push request and answers 201, or what a test sets.
 */
export async function startPushService(): Promise<PushService> {
  const folder = await mkdtemp(path.join(tmpdir(), "parley-push-"));
  const { ca, key, cert } = await certificates();
  const caFile = path.join(folder, "ca.pem");
  await writeFile(caFile, ca);
  const received: PushRequest[] = [];
  const statuses = new Map<string, number>();
  const locations = new Map<string, string>();
  let connections = 0;
  const waiting: { path: string; resolve(request: PushRequest): void }[] = [];
  const server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request = { path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks) };
      received.push(request);
      const location = locations.get(request.path);
      if (location) res.writeHead(307, { location }).end();
      else res.writeHead(statuses.get(request.path) ?? 201).end();
      for (const waiter of waiting.filter((w) => w.path === request.path)) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(request);
      }
    });
  });
  server.on("connection", () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    caFile,
    received,
    connections: () => connections,
    requestFor: (endpointPath) => {
      const already = received.find((r) => r.path === endpointPath);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => waiting.push({ path: endpointPath, resolve }));
    },
    answer: (endpointPath, status) => statuses.set(endpointPath, status),
    redirect: (endpointPath, location) => locations.set(endpointPath, location),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(folder, { recursive: true, force: true });
    },
  };
}
