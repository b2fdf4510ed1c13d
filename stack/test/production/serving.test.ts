// A stack in production mode, as `parley-stack start --production` runs it: the built app and the
// APIs on one port, with the headers a browser sees, CORS only for the site's origins, mail
// through SMTP, no emulators, no seed, and client addresses from a trusted proxy.
import { existsSync } from "node:fs";
import { appendFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack } from "../../src/index.ts";
import { parseTrustedProxies } from "../../src/gateway/index.ts";
import { findFreePort } from "../../src/runtime/port-probe.ts";
import { authFetch, uniqueEmail } from "../auth/support/auth-api.ts";
import { testClient } from "../support/client.ts";
import { tempProject } from "../support/project.ts";
import type { TestStack } from "../support/test-stack.ts";

const webDist = fileURLToPath(new URL("../fixtures/web-dist", import.meta.url));
const siteOrigin = "https://chat.example.com";

let t: TestStack;
let smtp: SMTPServer;
const delivered: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  const smtpPort = await findFreePort();
  smtp = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ["STARTTLS"],
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString()));
      stream.on("end", () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  const project = await tempProject("production");
  await appendFile(
    path.join(project.workdir, "supabase", "config.toml"),
    `\n[auth.email.smtp]\nhost = "127.0.0.1"\nport = ${smtpPort}\nuser = "parley"\npass = "smtp-password"\nadmin_email = "no-reply@chat.example.com"\nsender_name = "Parley"\n`,
  );
  const stack = await startStack({
    workdir: project.workdir,
    dataDir: project.dataDir,
    ports: { api: 0, db: 0, inbucket: 0 },
    logger: pino({ level: process.env.PARLEY_TEST_LOG ?? "silent" }),
    env: { ...process.env, PARLEY_TEST_JWT_SECRET: "a-production-secret-that-is-long-enough-0123456789" },
    production: { webRoot: webDist, seed: false, localMailbox: false },
    // The test talks to the gateway from 127.0.0.1, as a reverse proxy on the same machine would.
    trustedProxies: parseTrustedProxies("127.0.0.1/32, ::1"),
  }).catch(async (error: unknown) => {
    await project.remove();
    throw error;
  });
  t = {
    stack,
    project,
    url: stack.status().API_URL,
    close: async () => {
      await stack.stop();
      await project.remove();
    },
  };
}, 180_000);
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const get = (pathname: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${t.url}${pathname}`, { method, headers });

describe("the built app on the gateway's port", () => {
  it("serves index.html at / and for locale routes, revalidated on every load, with the security headers", async () => {
    const index = await get("/");
    const body = await index.text();
    expect(index.status).toBe(200);
    expect(body).toContain("<title>Parley (test build)</title>");
    for (const route of ["/en", "/ar/channels/general", "/de/sign-in?next=%2Fde"]) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(await response.text(), route).toBe(body);
      expect(response.headers.get("cache-control"), route).toBe("no-cache");
    }
    expect(index.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(index.headers.get("x-content-type-options")).toBe("nosniff");
    expect(index.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(index.headers.get("x-frame-options")).toBe("DENY");
    expect(index.headers.get("strict-transport-security")).toBeNull();
    const csp = index.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/connect-src 'self' ws:\/\/127\.0\.0\.1:\d+ wss:\/\/127\.0\.0\.1:\d+;/);
    expect(csp).toContain("img-src 'self' blob: data:");
  });

  it("answers HEAD for an app route like GET, without a body", async () => {
    const response = await get("/en/channels/general", {}, "HEAD");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toBe("");
  });

  it("caches content-hashed assets for a year as immutable, other files revalidated", async () => {
    const asset = await get("/assets/index-T3stH4sh.js");
    expect(asset.status).toBe(200);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const favicon = await get("/favicon.svg");
    expect(favicon.status).toBe(200);
    expect(favicon.headers.get("cache-control")).toBe("no-cache");
  });

  it.each(["/assets/index-0ld0ld00.js", "/assets/", "/missing.png", "/en/missing.css"])(
    "answers 404 for the missing file %s, never index.html",
    async (pathname) => {
      const response = await get(pathname);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("<title>");
    },
  );

  it("hands the app its publishable key at run time in a script file", async () => {
    const response = await get("/parley-config.js");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(await response.text()).toBe(
      `window.parleyConfig = ${JSON.stringify({ publishableKey: t.stack.keys.publishableKey })};\n`,
    );
  });

  it("promises HTTPS (HSTS) only to requests a trusted proxy received over TLS", async () => {
    const response = await get("/en", { "x-forwarded-proto": "https" });
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("leaves the API paths to the APIs and serves no emulator", async () => {
    expect((await get("/auth/v1/nothing-here")).status).toBe(404);
    expect(await (await get("/auth/v1/nothing-here")).json()).toEqual({
      message: "no Route matched with those values",
    });
    expect((await get("/emulators/oauth/github/authorize")).status).toBe(404);
    expect((await get("/emulators/saml/metadata")).status).toBe(404);
    const settings = await authFetch(t, "/settings");
    expect(settings.body).toMatchObject({ saml_enabled: false, external: { github: false } });
  });
});

describe("the APIs in production mode", () => {
  it("did not run the seed", async () => {
    const { data, error } = await testClient(t.url, t.stack.keys.secretKey).from("notes").select("body");
    expect(error).toBeNull();
    expect(data).toEqual([]);
  });

  it("sandboxes stored files, which now share the app's origin, so an uploaded page cannot script it", async () => {
    const admin = testClient(t.url, t.stack.keys.secretKey);
    expect((await admin.storage.createBucket("uploads", { public: true })).error).toBeNull();
    const page = new Blob(["<script>fetch('/auth/v1/user')</script>"], { type: "text/html" });
    expect(
      (await admin.storage.from("uploads").upload("page.html", page, { contentType: "text/html" })).error,
    ).toBeNull();
    const response = await get("/storage/v1/object/public/uploads/page.html");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*; sandbox$/);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("allows CORS with credentials only for the site URL's origins", async () => {
    const allowed = await get("/auth/v1/settings", { origin: siteOrigin, apikey: t.stack.keys.publishableKey });
    expect(allowed.headers.get("access-control-allow-origin")).toBe(siteOrigin);
    expect(allowed.headers.get("access-control-allow-credentials")).toBe("true");
    const other = await get("/auth/v1/settings", {
      origin: "https://evil.example",
      apikey: t.stack.keys.publishableKey,
    });
    expect(other.status).toBe(200);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    const preflight = await fetch(`${t.url}/rest/v1/notes`, {
      method: "OPTIONS",
      headers: {
        origin: "https://evil.example",
        "access-control-request-method": "POST",
        "access-control-request-headers": "apikey, authorization",
      },
    });
    expect(preflight.headers.get("access-control-allow-origin")).toBeNull();
    expect(preflight.headers.get("access-control-allow-credentials")).toBeNull();
  });

  it("keeps edge functions to the site's origins too: a function's `*` narrowed, its unanswered preflight answered", async () => {
    const preflight = (name: string, origin: string) =>
      fetch(`${t.url}/functions/v1/${name}`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
      });
    const foreign = await preflight("cors-wildcard", "https://evil.example");
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull();
    const site = await preflight("cors-wildcard", siteOrigin);
    expect(site.status).toBe(200);
    expect(site.headers.get("access-control-allow-origin")).toBe(siteOrigin);
    const call = await fetch(`${t.url}/functions/v1/cors-wildcard`, {
      method: "POST",
      headers: { origin: "https://evil.example", authorization: `Bearer ${t.stack.keys.anonKey}` },
    });
    expect(call.status).toBe(200);
    expect(call.headers.get("access-control-allow-origin")).toBeNull();

    const silentSite = await preflight("cors-silent", siteOrigin);
    expect(silentSite.status).toBe(200);
    expect(silentSite.headers.get("access-control-allow-origin")).toBe(siteOrigin);
    expect(silentSite.headers.get("access-control-allow-methods")).toContain("POST");
    expect(
      (await preflight("cors-silent", "https://evil.example")).headers.get("access-control-allow-origin"),
    ).toBeNull();

    const own = await preflight("cors-own", "https://partner.example");
    expect(own.headers.get("access-control-allow-origin")).toBe("https://partner.example");
  });

  it("tells browsers not to sniff REST and auth JSON (X-Content-Type-Options: nosniff)", async () => {
    const key = t.stack.keys.publishableKey;
    const answers = [
      await get("/rest/v1/notes?select=body", { apikey: key }),
      await get("/rest/v1/notes?select=nope", { apikey: key }),
      await get("/auth/v1/settings", { apikey: key }),
      await get("/auth/v1/user", { apikey: key }),
      await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
        method: "POST",
        headers: { apikey: key, "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.com", password: "wrong-password" }),
      }),
    ];
    expect(answers.map((answer) => [answer.status, answer.headers.get("x-content-type-options")])).toEqual([
      [200, "nosniff"],
      [400, "nosniff"],
      [200, "nosniff"],
      [403, "nosniff"],
      [400, "nosniff"],
    ]);
  });

  it("sends auth mail through the configured SMTP server and serves no mailbox", async () => {
    const email = uniqueEmail("prod-smtp");
    const client = testClient(t.url, t.stack.keys.publishableKey);
    expect((await client.auth.signUp({ email, password: "correct-horse-battery-1" })).error).toBeNull();
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
    await expect.poll(() => delivered.filter((mail) => mail.to.includes(email)).length).toBeGreaterThan(0);
    // The link points at the public origin (the site URL's), not at the gateway's loopback address.
    const sent = t.stack.outbox.list().find((mail) => mail.To.some((to) => to.Address === email));
    expect(sent?.Text).toContain(`${siteOrigin}/auth/v1/verify?`);
    expect(t.stack.ports.inbucket).toBe(0);
    expect(existsSync(path.join(t.project.dataDir, "mailbox.json"))).toBe(false);
    expect(t.stack.status().INBUCKET_URL).toBe("");
  });

  it("limits per client address behind a trusted proxy: the right-most untrusted X-Forwarded-For hop", async () => {
    const verify = (client: string) =>
      authFetch(t, "/verify", {
        body: { type: "signup", token_hash: "not-a-token" },
        headers: { "x-forwarded-for": `${client}, 127.0.0.1` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await verify("203.0.113.10")).status);
    expect(statuses.slice(0, 30).every((status) => status === 403)).toBe(true);
    expect(statuses[30]).toBe(429);
    // Another client behind the same proxy keeps its own bucket.
    expect((await verify("203.0.113.11")).status).toBe(403);
    // A hop the client wrote itself (left of its own address) changes nothing.
    expect((await verify("192.0.2.1, 203.0.113.10")).status).toBe(429);
  });
});
