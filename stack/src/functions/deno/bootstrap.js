/* global Deno */
// Runs inside the Deno process of one edge function (never in Node). It gives user code the surface
// of Supabase's edge-runtime user worker (ext/runtime/js/{bootstrap,http,00_serve}.js):
// - `Deno.serve(...)` ignores port/hostname (edge-runtime uses a virtual listener; onListen gets
//   0.0.0.0:9999) and is bound to one loopback server on a port the OS picks;
// - a default export `{ fetch }` is served when the module did not call Deno.serve;
// - `EdgeRuntime.waitUntil` / `getRuntimeMetrics`, `beforeunload` on termination, and no-op
//   `Deno.exit` / `Deno.kill` / signal listeners, as in user workers;
// - stack-internal variables (PARLEY_FN_*) are removed before user code runs.
// It reports `<marker> <port>` on stdout once the module has been evaluated and a handler exists.

const READY_MARKER = "\u0000parley-functions-ready";
const BOOT_ERROR_MARKER = "\u0000parley-functions-boot-error";

const entrypoint = Deno.env.get("PARLEY_FN_ENTRYPOINT");
const pingToken = Deno.env.get("PARLEY_FN_PING_TOKEN");
// Ours, and what Deno adds itself (PATH to its node shims): the CLI's main service hides HOME,
// HOSTNAME, PATH and PWD from user workers.
const HIDDEN = new Set([
  "NO_COLOR",
  "DENO_NO_PACKAGE_JSON",
  "DENO_NODE_SHIM_ACTIVE",
  "HOME",
  "HOSTNAME",
  "PATH",
  "PWD",
]);
// What Deno reads while it fetches modules (lazily, during the import below): hidden once loaded.
// The TLS trust settings (DENO_TLS_CA_STORE, DENO_CERT, SSL_CERT_FILE/DIR) stay: Deno reads them
// again at a function's first TLS connection, so hiding them would make `fetch` distrust the same
// authorities the module downloads trusted (a TLS-inspecting proxy, a private push service).
const HIDDEN_AFTER_LOAD = ["DENO_DIR", "NPM_CONFIG_REGISTRY"];
for (const name of Object.keys(Deno.env.toObject())) {
  if (name.startsWith("PARLEY_FN_") || HIDDEN.has(name)) Deno.env.delete(name);
}

const encoder = new TextEncoder();
const report = (line) => Deno.stdout.writeSync(encoder.encode(`${line}\n`));

const realServe = Deno.serve.bind(Deno);
const realExit = Deno.exit.bind(Deno);
let registered = null;

function serveShim(first, second) {
  let options = {};
  let handler;
  if (typeof first === "function") handler = first;
  else if (typeof second === "function") {
    options = first ?? {};
    handler = second;
  } else if (first && typeof first === "object" && typeof first.handler === "function") {
    options = first;
    handler = first.handler;
  } else {
    throw new TypeError("A handler function must be provided.");
  }
  registered = { handler, onError: typeof options.onError === "function" ? options.onError : undefined };
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));
  queueMicrotask(() => options.onListen?.({ hostname: "0.0.0.0", port: 9999, transport: "tcp" }));
  return {
    finished,
    addr: { hostname: "0.0.0.0", port: 9999, transport: "tcp" },
    shutdown: async () => finish(),
    ref() {},
    unref() {},
    [Symbol.asyncDispose]: async () => finish(),
  };
}

const pending = new Set();
const startedAt = Date.now();
globalThis.EdgeRuntime = {
  waitUntil(promise) {
    const tracked = Promise.resolve(promise).finally(() => pending.delete(tracked));
    pending.add(tracked);
    return promise;
  },
  getRuntimeMetrics: async () => {
    const memory = Deno.memoryUsage();
    return {
      active_user_workers_count: 1,
      retired_user_workers_count: 0,
      received_requests_count: 0,
      handled_requests_count: 0,
      uptime_ms: Date.now() - startedAt,
      memory,
    };
  },
};
// Stopping (reload, stack stop): `beforeunload` with reason "termination", then background work
// handed to waitUntil gets to finish (the stack kills the process after a grace period).
if (Deno.build.os !== "windows") {
  Deno.addSignalListener("SIGTERM", () => {
    globalThis.dispatchEvent(new CustomEvent("beforeunload", { cancelable: true, detail: { reason: "termination" } }));
    void Promise.allSettled([...pending]).then(() => {
      globalThis.dispatchEvent(new Event("unload"));
      realExit(0);
    });
  });
}

// The stack holds our stdin open: when it ends (the stack stopped or was killed), so do we.
void (async () => {
  try {
    for await (const _chunk of Deno.stdin.readable) {
      // nothing is ever written; we only wait for the end
    }
  } finally {
    realExit(0);
  }
})();

// User workers cannot exit, kill or listen to signals (edge-runtime bootstrap.js mocks them).
Deno.serve = serveShim;
Deno.exit = () => {};
Deno.kill = () => {};
Deno.addSignalListener = () => {};
Deno.removeSignalListener = () => {};

async function dispatch(request, info) {
  // The stack's liveness probe: answered here, so a blocked event loop shows as no answer.
  if (pingToken && request.headers.get("x-parley-worker-ping") === pingToken)
    return new Response(null, { status: 204 });
  if (!registered) return new Response("Internal Server Error", { status: 500 });
  try {
    return await registered.handler(request, info);
  } catch (error) {
    if (registered.onError) return registered.onError(error);
    throw error;
  }
}

try {
  const module = await import(entrypoint);
  for (const name of HIDDEN_AFTER_LOAD) Deno.env.delete(name);
  const declared = module.default;
  if (!registered && declared && typeof declared === "object" && Object.hasOwn(declared, "fetch")) {
    if (typeof declared.fetch !== "function")
      throw new TypeError("Invalid type for fetch: must be a function with a single or no parameter");
    registered = { handler: (request, info) => declared.fetch(request, info), onError: undefined };
  }
  if (!registered) throw new Error("the function neither called Deno.serve() nor exported default { fetch }");
} catch (error) {
  console.error(error);
  report(BOOT_ERROR_MARKER);
  realExit(1);
}

realServe({ hostname: "127.0.0.1", port: 0, onListen: ({ port }) => report(`${READY_MARKER} ${port}`) }, dispatch);
