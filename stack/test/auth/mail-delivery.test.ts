import { appendFile } from "node:fs/promises";
import path from "node:path";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type StackHandle } from "../../src/index.ts";
import { testClient } from "../support/client.ts";
import { findFreePort as freePort } from "../../src/runtime/port-probe.ts";
import { tempProject, type TempProject } from "../support/project.ts";
import { uniqueEmail } from "./support/auth-api.ts";
import { waitForMail } from "./support/mailbox.ts";

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let project: TempProject;
let smtp: SMTPServer;
const received: Received[] = [];
let smtpPort: number;

const start = () =>
  startStack({
    workdir: project.workdir,
    dataDir: project.dataDir,
    ports: { api: 0, db: 0, inbucket: 0 },
    logger: pino({ level: "silent" }),
  });

beforeAll(async () => {
  smtpPort = await freePort();
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
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
  project = await tempProject("auth-autoconfirm");
  await appendFile(
    path.join(project.workdir, "supabase", "config.toml"),
    `\n[auth.email.smtp]\nhost = "127.0.0.1"\nport = ${smtpPort}\nuser = "parley"\npass = "local-smtp-password"\nadmin_email = "no-reply@parley.test"\nsender_name = "Parley"\n`,
  );
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await project.remove();
});

async function waitForSmtp(to: string): Promise<Received> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const found = received.find((m) => m.to.includes(to));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no SMTP delivery to ${to}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("mail delivery", () => {
  let stack: StackHandle | undefined;
  afterAll(() => stack?.stop());

  it("sends auth mail to the configured SMTP server as well as the mailbox, and keeps the mailbox across a restart", async () => {
    stack = await start();
    const email = uniqueEmail("smtp");
    const client = testClient(stack.status().API_URL, stack.keys.publishableKey);
    await client.auth.signUp({ email, password: "correct-horse-1" });
    expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();

    const delivered = await waitForSmtp(email);
    expect(delivered.from).toBe("no-reply@parley.test");
    expect(delivered.raw).toContain("Subject: Reset your password");
    expect(delivered.raw).toContain("/auth/v1/verify?token=");
    const inMailbox = await waitForMail(stack.status().INBUCKET_URL, email);
    expect(inMailbox.Subject).toBe("Reset your password");

    await stack.stop();
    stack = await start();
    const afterRestart = await waitForMail(stack.status().INBUCKET_URL, email, { timeoutMs: 1000 });
    expect(afterRestart.ID).toBe(inMailbox.ID);
  });
});
