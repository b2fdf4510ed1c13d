import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStack, type StackHandle } from "../../src/index.ts";
import { testClient } from "../support/client.ts";
import { tempProject, type TempProject } from "../support/project.ts";

let project: TempProject;
beforeAll(async () => {
  project = await tempProject("auth-sso");
});
afterAll(() => project?.remove());

/** Starts the stack on the same project and data folder with the demo domain set in the environment. */
async function startWithDemoDomain(domain: string): Promise<StackHandle> {
  const before = process.env.PARLEY_SAML_EMULATOR_DOMAIN;
  process.env.PARLEY_SAML_EMULATOR_DOMAIN = domain;
  try {
    return await startStack({
      workdir: project.workdir,
      dataDir: project.dataDir,
      ports: { api: 0, db: 0, inbucket: 0 },
      logger: pino({ level: "silent" }),
    });
  } finally {
    if (before === undefined) delete process.env.PARLEY_SAML_EMULATOR_DOMAIN;
    else process.env.PARLEY_SAML_EMULATOR_DOMAIN = before;
  }
}

async function ssoUrl(stack: StackHandle, domain: string) {
  const client = testClient(stack.status().API_URL, stack.keys.publishableKey);
  const { data, error } = await client.auth.signInWithSSO({ domain });
  return { url: data?.url, code: error?.code };
}

describe("the IdP emulator's demo domain (PARLEY_SAML_EMULATOR_DOMAIN)", () => {
  it("registers the configured domain, keeps it across restarts and adds a newly configured one", async () => {
    const first = await startWithDemoDomain("idp.first.test");
    try {
      expect((await ssoUrl(first, "idp.first.test")).url).toMatch(/\/emulators\/saml\/sso\?SAMLRequest=/);
      expect((await ssoUrl(first, "sso.parley.test")).code).toBe("sso_provider_not_found");
    } finally {
      await first.stop();
    }
    const second = await startWithDemoDomain("idp.second.test");
    try {
      const api = second.status().API_URL;
      expect((await ssoUrl(second, "idp.second.test")).url).toMatch(
        new RegExp(`^${api}/emulators/saml/sso\\?SAMLRequest=`),
      );
      expect((await ssoUrl(second, "idp.first.test")).url).toMatch(
        new RegExp(`^${api}/emulators/saml/sso\\?SAMLRequest=`),
      );
    } finally {
      await second.stop();
    }
  });

  it("leaves the emulator unregistered with an empty domain", async () => {
    await project.remove();
    project = await tempProject("auth-sso");
    const stack = await startWithDemoDomain("");
    try {
      expect((await ssoUrl(stack, "sso.parley.test")).code).toBe("sso_provider_not_found");
      const { rows } = await stack.db.admin.query("select count(*)::int as n from auth.sso_providers");
      expect(rows[0]?.n).toBe(0);
    } finally {
      await stack.stop();
    }
  });
});
