import { randomUUID } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../gateway/index.ts";

/** A person who can sign in at the emulator; shared by every emulated provider. */
export interface TestAccount {
  /** OpenID subject (a UUID). */
  id: string;
  /** GitHub-style numeric id (GitHub's `/user` answers `id` as a number). */
  numericId: number;
  email: string;
  emailVerified: boolean;
  name: string;
  avatarUrl: string;
  createdAt: string;
}

export const newAccountSchema = z.object({
  email: z.string().trim().toLowerCase().email(),
  name: z.string().trim().max(200).default(""),
  avatar_url: z.union([z.literal(""), z.string().trim().url()]).default(""),
  email_verified: z.boolean().default(true),
});
export type NewAccount = z.input<typeof newAccountSchema>;

const fileSchema = z.object({
  accounts: z.array(z.custom<TestAccount>((value) => typeof value === "object" && value !== null)),
});

/**
 * The emulator's test accounts, kept in `<data dir>/oauth-emulator/accounts.json` so they survive
 * restarts. Adding an email that exists updates that account (name, avatar, verification).
 */
export class TestAccounts {
  private constructor(
    private readonly file: string,
    private accounts: TestAccount[],
  ) {}

  static async open(dataDir: string): Promise<TestAccounts> {
    const file = path.join(dataDir, "oauth-emulator", "accounts.json");
    const text = await readFile(file, "utf8").catch(() => undefined);
    const parsed = text === undefined ? undefined : fileSchema.safeParse(JSON.parse(text));
    return new TestAccounts(file, parsed?.success ? parsed.data.accounts : []);
  }

  list(): readonly TestAccount[] {
    return this.accounts;
  }

  find(id: string): TestAccount | undefined {
    return this.accounts.find((account) => account.id === id);
  }

  async upsert(input: NewAccount): Promise<TestAccount> {
    const data = newAccountSchema.parse(input);
    const existing = this.accounts.find((account) => account.email === data.email);
    const account: TestAccount = {
      id: existing?.id ?? randomUUID(),
      numericId: existing?.numericId ?? 1000 + this.accounts.length + 1,
      email: data.email,
      emailVerified: data.email_verified,
      name: data.name,
      avatarUrl: data.avatar_url,
      createdAt: existing?.createdAt ?? new Date().toISOString(),
    };
    this.accounts = [...this.accounts.filter((a) => a.id !== account.id), account];
    await makePrivateDir(path.dirname(this.file));
    await writeFile(this.file, JSON.stringify({ accounts: this.accounts }, null, 2), { mode: PRIVATE_FILE_MODE });
    return account;
  }
}
