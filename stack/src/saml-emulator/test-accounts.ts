import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { PRIVATE_FILE_MODE } from "../gateway/index.ts";
import type { TestAccount } from "./signed-response.ts";

const accountsSchema = z.array(z.object({ email: z.string(), name: z.string() }));

/**
 * The test accounts someone signed in with, newest first, kept in the data folder so the sign-in
 * page offers them again after a restart.
 */
export class TestAccounts {
  private constructor(
    private readonly file: string,
    private accounts: TestAccount[],
  ) {}

  static async open(dataDir: string): Promise<TestAccounts> {
    const file = path.join(dataDir, "saml-emulator-accounts.json");
    let accounts: TestAccount[] = [];
    try {
      accounts = accountsSchema.parse(JSON.parse(await readFile(file, "utf8")));
    } catch {
      // No file yet, or one that does not parse: the page starts with no accounts to offer.
    }
    return new TestAccounts(file, accounts);
  }

  list(): readonly TestAccount[] {
    return this.accounts;
  }

  async remember(account: TestAccount): Promise<void> {
    const email = account.email.toLowerCase();
    this.accounts = [account, ...this.accounts.filter((known) => known.email.toLowerCase() !== email)].slice(0, 20);
    await writeFile(this.file, JSON.stringify(this.accounts, null, 2), { mode: PRIVATE_FILE_MODE });
  }
}
