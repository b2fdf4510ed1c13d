import type { Logger } from "pino";
import type pg from "pg";
import { inTransaction } from "../../db/index.ts";
import { loadOrCreateX509KeyPair, type X509KeyPair } from "../../gateway/x509-key-pair.ts";
import { parseIdpMetadata } from "./idp-metadata.ts";
import {
  findProviderByDomain,
  findProviderByEntityId,
  insertDomain,
  insertProvider,
  updateProviderRow,
} from "./provider-store.ts";
import { readSamlSettings, type SamlSettings } from "./saml-settings.ts";

/** Where the gateway serves the SAML IdP emulator's metadata (stack/src/saml-emulator); auth only fetches it. */
const EMULATOR_METADATA_PATH = "/emulators/saml/metadata";
/** The emulator's provider is found by this resource_id: `GET /admin/sso/providers/resource_parley-saml-emulator`. */
export const EMULATOR_RESOURCE_ID = "parley-saml-emulator";

/** SSO state that lives as long as the auth service: settings, the SP key pair, the emulator's registration. */
export interface SsoRuntime {
  settings: SamlSettings;
  /** The SP signing key and certificate, generated on first use into the data folder (`saml-sp-key.json`). */
  spKeys(): Promise<X509KeyPair>;
  /** Registers (or refreshes) the IdP emulator as the provider of the demo domain; once per process and database. */
  ensureEmulatorProvider(): Promise<void>;
  /** After `db reset`: the registration is gone with the data. */
  forgetEmulatorProvider(): void;
  /**
   * Records an assertion ID until its NotOnOrAfter (plus clock skew); false when it was seen before.
   * In memory: a restart forgets, but by then the short-lived assertions have expired.
   */
  firstUseOfAssertion(id: string, notOnOrAfter: Date | undefined): boolean;
}

export function createSsoRuntime(options: {
  dataDir: string;
  pool: pg.Pool;
  logger: Logger;
  apiUrl: () => string;
  production: boolean;
  /** `[auth.saml] enabled` from config.toml. */
  samlEnabled: boolean;
}): SsoRuntime {
  const settings = readSamlSettings(options.samlEnabled, process.env, options.production);
  let keys: Promise<X509KeyPair> | undefined;
  let registration: Promise<void> | undefined;
  const usedAssertions = new Map<string, number>();

  const register = async () => {
    const url = `${options.apiUrl()}${EMULATOR_METADATA_PATH}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) throw new Error(`SAML IdP emulator metadata answered ${response.status}`);
    const xml = await response.text();
    const metadata = parseIdpMetadata(xml);
    await inTransaction(options.pool, async (sql) => {
      const existing = await findProviderByEntityId(sql, metadata.entityId);
      const domainTaken = (await findProviderByDomain(sql, settings.emulatorDomain)) !== undefined;
      if (existing) {
        // The stack may listen on another port than last time: refresh the SSO URL and certificate;
        // a newly configured demo domain is added when no provider has it yet.
        await updateProviderRow(sql, { ...existing, metadata_xml: xml, metadata_url: url });
        if (!domainTaken) await insertDomain(sql, existing.id, settings.emulatorDomain);
        return;
      }
      await insertProvider(sql, {
        entityId: metadata.entityId,
        metadataXml: xml,
        metadataUrl: url,
        attributeMapping: { keys: { name: { name: "name" }, full_name: { name: "name" } } },
        nameIdFormat: null,
        resourceId: EMULATOR_RESOURCE_ID,
        disabled: null,
        domains: domainTaken ? [] : [settings.emulatorDomain],
      });
    });
  };

  return {
    settings,
    spKeys: () =>
      (keys ??= loadOrCreateX509KeyPair(options.dataDir, "saml-sp-key.json", "Parley Stack SAML service provider")),
    ensureEmulatorProvider: () => {
      if (!settings.enabled || settings.emulatorDomain === "") return Promise.resolve();
      registration ??= register().catch((error: unknown) => {
        registration = undefined;
        options.logger.warn({ err: error }, "auth: could not register the SAML IdP emulator");
      });
      return registration;
    },
    forgetEmulatorProvider: () => {
      registration = undefined;
    },
    firstUseOfAssertion: (id, notOnOrAfter) => {
      const now = Date.now();
      for (const [seen, until] of usedAssertions) if (until < now) usedAssertions.delete(seen);
      if (id === "") return true;
      if (usedAssertions.has(id)) return false;
      usedAssertions.set(id, (notOnOrAfter?.getTime() ?? now + 3600_000) + settings.clockSkewMs);
      return true;
    },
  };
}
