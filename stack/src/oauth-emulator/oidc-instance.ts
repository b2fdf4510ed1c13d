import { exportJWK, generateKeyPair, type JWK } from "jose";
import type { Configuration, default as Provider } from "oidc-provider";
import { memoryAdapterFactory } from "./memory-adapter.ts";
import type { OidcLayout } from "./oidc-layouts.ts";
import type { TestAccount, TestAccounts } from "./test-accounts.ts";

export interface EmulatedIssuer {
  provider: Provider;
  /** The provider's Node request handler, composed once (Koa's callback() composes on every call). */
  handle: ReturnType<Provider["callback"]>;
  issuer: string;
  /** The private signing key (also served as the public JWKS); test id_tokens are signed with it. */
  signingKey: JWK & { kid: string };
}

export interface IssuerOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  tokenEndpointAuthMethod: "client_secret_post" | "client_secret_basic";
  redirectUris: string[];
  accounts: TestAccounts;
  cookieKey: string;
  /** Where the emulator mounts this provider (the interaction pages live under it). */
  mountPath: string;
  /** A provider with its own paths and claims (oidc-layouts.ts). */
  layout?: OidcLayout;
  /** Fields added to a successful token response for the token's account (WorkOS's `profile`). */
  tokenExtras?: (account: TestAccount) => Record<string, unknown>;
}

/** OpenID claims of a test account, shaped as Google's (also read by Keycloak-style clients). */
export function accountClaims(account: TestAccount): Record<string, unknown> {
  return {
    sub: account.id,
    email: account.email,
    email_verified: account.emailVerified,
    ...(account.name ? { name: account.name } : {}),
    ...(account.avatarUrl ? { picture: account.avatarUrl } : {}),
    preferred_username: account.email.split("@")[0],
  };
}

/**
 * A real OpenID Connect provider (panva's oidc-provider) for one emulated provider: discovery,
 * JWKS, authorization code flow, token and userinfo endpoints. The only client is the stack's auth
 * service; sign-in happens on the emulator's own interaction page (see sign-in-page.ts).
 */
export async function createEmulatedIssuer(options: IssuerOptions): Promise<EmulatedIssuer> {
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const signingKey = {
    ...(await exportJWK(privateKey)),
    kid: `emulator-${Date.now().toString(36)}`,
    alg: "RS256",
    use: "sig",
  };
  const interactionBase = options.mountPath;
  const layout = options.layout;
  const configuration: Configuration = {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ["code"],
        grant_types: ["authorization_code", "refresh_token"],
        token_endpoint_auth_method: options.tokenEndpointAuthMethod,
      },
    ],
    jwks: { keys: [signingKey] },
    scopes: [
      "openid",
      "offline_access",
      "email",
      "profile",
      "user:email",
      "read:user",
      "read_user",
      "identify",
      "account",
      "user-read-email",
      "user:read:email",
      "current_user:read",
      "account_email",
      "profile_image",
      "profile_nickname",
      "name",
    ],
    claims: layout?.claims ?? {
      openid: ["sub"],
      email: ["email", "email_verified"],
      profile: ["name", "picture", "preferred_username"],
    },
    ...(layout ? { routes: layout.routes } : {}),
    // Google puts the profile into the id_token even when an access token is issued; GoTrue reads it there.
    conformIdTokenClaims: false,
    pkce: { required: () => false },
    cookies: { keys: [options.cookieKey] },
    adapter: memoryAdapterFactory(),
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 86_400,
      Grant: 86_400,
      RefreshToken: 86_400,
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${interactionBase}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const account = options.accounts.find(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ ...(layout ? layout.accountClaims(account) : accountClaims(account)), sub }),
      };
    },
    renderError: async (ctx, out) => {
      ctx.type = "application/json";
      ctx.body = out;
    },
  };
  // Loaded on first use: stacks without an emulated provider never load Koa and oidc-provider.
  const { default: OidcProvider } = await import("oidc-provider");
  const provider = new OidcProvider(options.issuer, configuration);
  const extras = options.tokenExtras;
  if (extras) {
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as Record<string, unknown> | undefined;
      if (ctx.oidc?.route !== "token" || ctx.status !== 200 || typeof body?.access_token !== "string") return;
      const token = await provider.AccessToken.find(body.access_token);
      const account = token?.accountId ? options.accounts.find(token.accountId) : undefined;
      if (account) ctx.body = { ...body, ...extras(account) };
    });
  }
  return { provider, handle: provider.callback(), issuer: options.issuer, signingKey };
}
