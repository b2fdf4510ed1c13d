// Storage throughput and memory: upload and download MB/s for 1 MB and 100 MB objects through
// /storage/v1 (as the service role, raw body, streamed), and the stack's peak memory while a
// 1 GiB object is uploaded. Quick mode uses smaller sizes and says so in `conditions`.
import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { benchStackSetup, stackMemory, startBenchStack } from "./support/stack.js";

export const name = "storage";

const MiB = 1024 * 1024;
const fixture = fileURLToPath(new URL("../stack/test/fixtures/storage/bench/", import.meta.url));

/** `size` bytes of non-repeating-looking data, generated chunk by chunk (never held whole). */
function payload(size) {
  const chunk = Buffer.alloc(MiB);
  for (let i = 0; i < chunk.length; i += 4) chunk.writeUInt32LE((i * 2654435761) >>> 0, i);
  let sent = 0;
  return Readable.toWeb(
    new Readable({
      read() {
        if (sent >= size) return this.push(null);
        const n = Math.min(MiB, size - sent);
        sent += n;
        this.push(n === MiB ? Buffer.from(chunk) : chunk.subarray(0, n));
      },
    }),
  );
}

/** Uploads `body` (a Buffer, or a generated stream of `size` bytes when body is undefined). */
async function upload(api, key, size, path, body) {
  const started = performance.now();
  const response = await fetch(`${api}/storage/v1/object/bench/${path}`, {
    method: "POST",
    headers: {
      apikey: key,
      "content-type": "application/octet-stream",
      "content-length": String(size),
      "x-upsert": "true",
    },
    body: body ?? payload(size),
    duplex: "half",
  });
  if (!response.ok) throw new Error(`upload failed: ${response.status} ${await response.text()}`);
  return (performance.now() - started) / 1000;
}

async function download(api, key, size, path) {
  const started = performance.now();
  const response = await fetch(`${api}/storage/v1/object/bench/${path}`, { headers: { apikey: key } });
  if (!response.ok) throw new Error(`download failed: ${response.status}`);
  let received = 0;
  for await (const chunk of response.body) received += chunk.length;
  if (received !== size) throw new Error(`downloaded ${received} of ${size} bytes`);
  return (performance.now() - started) / 1000;
}

async function peakRss(pid) {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

export async function run({ quick }) {
  const setup = await benchStackSetup(fixture);
  const rows = [];
  const stack = await startBenchStack(setup);
  try {
    const api = stack.status.API_URL;
    const key = stack.status.SECRET_KEY;
    const sizes = quick
      ? [
          ["1 MB", MiB],
          ["10 MB", 10 * MiB],
        ]
      : [
          ["1 MB", MiB],
          ["100 MB", 100 * MiB],
        ];
    const repeats = quick ? 5 : 10;
    for (const [label, size] of sizes) {
      const runs = size > 10 * MiB ? Math.min(repeats, 3) : repeats;
      const body = Buffer.alloc(size, 0x5a);
      let up = 0;
      let down = 0;
      // Warm-up (JIT, pools, file system), not measured.
      await upload(api, key, size, `throughput-${size}.bin`, body);
      await download(api, key, size, `throughput-${size}.bin`);
      for (let i = 0; i < runs; i += 1) {
        up += await upload(api, key, size, `throughput-${size}.bin`, body);
        down += await download(api, key, size, `throughput-${size}.bin`);
      }
      const conditions = `${label} object, total bytes / total time of ${runs} runs after a warm-up, service role, raw body from a Buffer over HTTP on 127.0.0.1${quick ? " (quick: 10 MB instead of 100 MB)" : ""}`;
      rows.push({ figure: `upload ${label}`, value: (size * runs) / MiB / up, unit: "MiB/s", conditions });
      rows.push({ figure: `download ${label}`, value: (size * runs) / MiB / down, unit: "MiB/s", conditions });
    }

    const bigSize = quick ? 256 * MiB : 1024 * MiB;
    const bigLabel = quick ? "256 MiB" : "1 GiB";
    const before = await stackMemory(stack, setup);
    let peakTotal = before.bytes;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peakTotal = Math.max(peakTotal, (await stackMemory(stack, setup)).bytes);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    const seconds = await upload(api, key, bigSize, "big.bin");
    sampling = false;
    await sampler;
    const nodePeak = await peakRss(stack.child.pid);
    const note = quick ? ` (quick: ${bigLabel} instead of 1 GiB)` : "";
    rows.push({
      figure: `upload ${bigLabel}`,
      value: bigSize / MiB / seconds,
      unit: "MiB/s",
      conditions: `one streamed upload${note}`,
    });
    rows.push({
      figure: `stack node process peak RSS, ${bigLabel} upload`,
      value: nodePeak / MiB,
      unit: "MiB",
      conditions: `VmHWM of the stack process since start${note}`,
    });
    rows.push({
      figure: `stack memory peak during ${bigLabel} upload`,
      value: peakTotal / MiB,
      unit: "MiB",
      conditions: `RSS of node + PostgreSQL sampled every 100 ms; idle before: ${(before.bytes / MiB).toFixed(0)} MiB${note}`,
    });
  } finally {
    await stack.stop();
    await setup.remove();
  }
  return rows;
}
