#!/usr/bin/env node
// `npm start`: Parley Stack and the web app together. The stack serves supabase/ from this folder;
// the app gets the stack's URL and publishable key, so nobody edits an .env file. Ctrl-C stops both.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { applyLocalBackendSettings } from "./local-backend-settings.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const webPort = Number(process.env.PARLEY_WEB_PORT ?? 5173);
const children = [];
let stopping = false;

function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  let remaining = children.filter((child) => child.exitCode === null).length;
  if (remaining === 0) process.exit(code);
  for (const child of children) {
    child.once("exit", () => {
      remaining -= 1;
      if (remaining === 0) process.exit(code);
    });
  }
}

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stopAll(0));

const stack = spawn(process.execPath, ["stack/bin/parley-stack.js", "start", "-o", "json", "--workdir", root], {
  cwd: root,
  env: { PARLEY_STACK_LOG_LEVEL: "warn", ...process.env },
  stdio: ["ignore", "pipe", "inherit"],
});
children.push(stack);
stack.once("exit", (code) => {
  if (!stopping) {
    process.stderr.write(`Parley Stack stopped (exit code ${code}).\n`);
    stopAll(code ?? 1);
  }
});

let output = "";
stack.stdout.on("data", (chunk) => {
  if (output === undefined) return process.stdout.write(chunk);
  output += chunk.toString();
  let status;
  try {
    status = JSON.parse(output);
  } catch {
    return;
  }
  output = undefined;
  startWeb(status);
});

/** The demo accounts listed in the seed's header comment, so a new user can sign in at once. */
function demoAccounts() {
  let seed;
  try {
    seed = readFileSync(new URL("../supabase/seed.sql", import.meta.url), "utf8");
  } catch {
    return [];
  }
  const lines = seed.split("\n");
  const start = lines.findIndex((line) => /^--\s*Demo accounts/i.test(line));
  if (start === -1) return [];
  const block = [];
  for (const line of lines.slice(start)) {
    if (!line.startsWith("--") || /^--\s*$/.test(line)) break;
    block.push(`  ${line.replace(/^--\s?/, "")}`);
  }
  return block;
}

function startWeb(status) {
  const web = JSON.parse(readFileSync(new URL("../web/package.json", import.meta.url), "utf8"));
  const appUrl = `http://127.0.0.1:${webPort}`;
  if (web.scripts?.dev) {
    const app = spawn(
      "npm",
      ["run", "dev", "-w", "web", "--", "--host", "127.0.0.1", "--port", String(webPort), "--strictPort"],
      {
        cwd: root,
        env: {
          ...process.env,
          VITE_SUPABASE_URL: status.API_URL,
          VITE_SUPABASE_PUBLISHABLE_KEY: status.PUBLISHABLE_KEY,
        },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    children.push(app);
    app.once("exit", (code) => {
      if (!stopping) {
        process.stderr.write(
          `The web app stopped (exit code ${code}). Is port ${webPort} free? Set PARLEY_WEB_PORT to use another.\n`,
        );
        stopAll(code ?? 1);
      }
    });
  }
  void applyLocalBackendSettings(root, status, appUrl);
  process.stdout.write(
    [
      "",
      "Parley is running.",
      "",
      web.scripts?.dev ? `  App:       ${appUrl}` : "  App:       (the web app has no dev script yet)",
      `  Mailbox:   ${status.INBUCKET_URL}`,
      `  API:       ${status.API_URL}`,
      `  Database:  ${status.DB_URL}`,
      "",
      ...demoAccounts(),
      "",
      "Press Ctrl-C to stop.",
      "",
    ].join("\n"),
  );
}
