import { createHmac } from "node:crypto";
import {
  emulatorBasePath,
  emulatorClientCredentials,
  isEmulatedProvider,
  oauth2Endpoints,
  type EmulatedProvider,
  type StackConfig,
} from "../config/index.ts";
import type { ServiceDeps } from "../gateway/index.ts";
import { OIDC_LAYOUTS } from "./oidc-layouts.ts";
import { REST_APIS } from "./rest-apis.ts";
import { createEmulatedIssuer, type EmulatedIssuer } from "./oidc-instance.ts";
import type { TestAccounts } from "./test-accounts.ts";

export const PROVIDER_LABELS: Record<EmulatedProvider, string> = {
  google: "Google",
  github: "GitHub",
  keycloak: "Keycloak",
  gitlab: "GitLab",
  discord: "Discord",
  bitbucket: "Bitbucket",
  facebook: "Facebook",
  spotify: "Spotify",
  twitch: "Twitch",
  notion: "Notion",
  zoom: "Zoom",
  figma: "Figma",
  kakao: "Kakao",
  slack_oidc: "Slack",
  azure: "Microsoft",
  linkedin_oidc: "LinkedIn",
  workos: "WorkOS",
  apple: "Apple",
};

/** The `[auth.external.*]` providers this stack emulates (enabled, no credentials). */
export function emulatedProviders(config: StackConfig): EmulatedProvider[] {
  return Object.entries(config.auth.external)
    .filter(([name, section]) => isEmulatedProvider(name, section))
    .map(([name]) => name as EmulatedProvider);
}

/**
 * One OpenID Connect issuer per emulated provider, created on first use: the issuer URL needs the
 * API URL, known once the gateway listens.
 */
export class EmulatedIssuers {
  private readonly issuers = new Map<EmulatedProvider, Promise<EmulatedIssuer>>();

  constructor(
    private readonly deps: ServiceDeps,
    private readonly accounts: TestAccounts,
    readonly providers: readonly EmulatedProvider[],
  ) {}

  has(name: string): name is EmulatedProvider {
    return (this.providers as readonly string[]).includes(name);
  }

  get(name: EmulatedProvider): Promise<EmulatedIssuer> {
    let issuer = this.issuers.get(name);
    if (!issuer) {
      issuer = this.create(name);
      this.issuers.set(name, issuer);
    }
    return issuer;
  }

  clientCredentials(name: EmulatedProvider) {
    return emulatorClientCredentials(name, this.deps.keys.jwtSecret);
  }

  private create(name: EmulatedProvider): Promise<EmulatedIssuer> {
    const api = this.deps.urls.api;
    const authUrl = (this.deps.config.auth.external_url || `${api}/auth/v1`).replace(/\/$/, "");
    const configured = this.deps.config.auth.external[name]?.redirect_uri ?? "";
    const { clientId, clientSecret } = this.clientCredentials(name);
    return createEmulatedIssuer({
      issuer: `${api}${emulatorBasePath(name)}${OIDC_LAYOUTS[name]?.issuerSuffix ?? ""}`,
      mountPath: emulatorBasePath(name),
      layout: OIDC_LAYOUTS[name],
      tokenExtras: REST_APIS[name]?.tokenExtras,
      clientId,
      clientSecret,
      tokenEndpointAuthMethod:
        oauth2Endpoints(name)?.tokenAuth === "basic" ? "client_secret_basic" : "client_secret_post",
      redirectUris: [...new Set([`${authUrl}/callback`, ...(configured ? [configured] : [])])],
      accounts: this.accounts,
      cookieKey: createHmac("sha256", this.deps.keys.jwtSecret)
        .update(`parley-oauth-emulator-cookies:${name}`)
        .digest("base64url"),
    });
  }
}
