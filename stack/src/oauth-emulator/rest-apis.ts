import type { Context } from "hono";
import type { EmulatedProvider } from "../config/index.ts";
import type { EmulatedIssuer } from "./oidc-instance.ts";
import type { TestAccount, TestAccounts } from "./test-accounts.ts";

/** The account behind a bearer access token the emulator issued, or undefined. */
export async function accountForAccessToken(
  c: Context,
  issuer: EmulatedIssuer,
  accounts: TestAccounts,
): Promise<TestAccount | undefined> {
  const header = c.req.header("authorization") ?? "";
  const match = /^(?:bearer|token)\s+(.+)$/i.exec(header);
  if (!match?.[1]) return undefined;
  const token = await issuer.provider.AccessToken.find(match[1]);
  return token?.accountId ? accounts.find(token.accountId) : undefined;
}

/**
 * An OAuth 2.0 provider's API shapes, served in front of the OpenID server next to its authorize
 * and token paths (config/oauth2-endpoints.ts): `api` answers GET with the provider's JSON for the
 * token's account (else `unauthorized`, 401).
 */
export interface RestApiSpec {
  api: Record<string, (account: TestAccount) => unknown>;
  unauthorized: unknown;
  /** Fields the provider adds to its token response for the signed-in account. */
  tokenExtras?: (account: TestAccount) => Record<string, unknown>;
}

const login = (account: TestAccount) => account.email.split("@")[0] ?? "";

/** GitHub: `GET /user` (id, login, name, avatar_url, email) and `GET /user/emails`. */
const github: RestApiSpec = {
  api: {
    "/user": (account) => ({
      id: account.numericId,
      login: login(account),
      name: account.name || null,
      avatar_url: account.avatarUrl,
      email: account.emailVerified ? account.email : null,
      type: "User",
    }),
    "/user/emails": (account) => [
      { email: account.email, primary: true, verified: account.emailVerified, visibility: "private" },
    ],
  },
  unauthorized: { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" },
};

/**
 * GitLab: `GET /api/v4/user` (`confirmed_at` set when the email is confirmed) and `/api/v4/user/emails` (secondary
 * emails: none).
 */
const gitlab: RestApiSpec = {
  api: {
    "/api/v4/user": (account) => ({
      id: account.numericId,
      username: login(account),
      name: account.name,
      state: "active",
      avatar_url: account.avatarUrl || null,
      email: account.email,
      confirmed_at: account.emailVerified ? account.createdAt : null,
      created_at: account.createdAt,
    }),
    "/api/v4/user/emails": () => [],
  },
  unauthorized: { message: "401 Unauthorized" },
};

/** Discord: `GET /api/users/@me` (snowflake id as a string, no avatar hash: the default avatar). */
const discord: RestApiSpec = {
  api: {
    "/api/users/@me": (account) => ({
      id: String(account.numericId),
      username: login(account),
      discriminator: "0",
      global_name: account.name || null,
      avatar: null,
      email: account.email,
      verified: account.emailVerified,
    }),
  },
  unauthorized: { message: "401: Unauthorized", code: 0 },
};

/**
 * Bitbucket: `GET /2.0/user` (uuid in braces; the avatar under `links`, where GoTrue does not look) and
 * `/2.0/user/emails` (a page of `values`).
 */
const bitbucket: RestApiSpec = {
  api: {
    "/2.0/user": (account) => ({
      uuid: `{${account.id}}`,
      username: login(account),
      display_name: account.name,
      type: "user",
      links: { avatar: { href: account.avatarUrl } },
    }),
    "/2.0/user/emails": (account) => ({
      pagelen: 10,
      page: 1,
      size: 1,
      values: [{ email: account.email, is_primary: true, is_confirmed: account.emailVerified, type: "email" }],
    }),
  },
  unauthorized: { type: "error", error: { message: "Access token expired." } },
};

/** Facebook: Graph `GET /me?fields=…` (the emulator answers every field GoTrue asks for). */
const facebook: RestApiSpec = {
  api: {
    "/me": (account) => {
      const [first = "", ...rest] = account.name.split(" ");
      return {
        id: String(account.numericId),
        email: account.email,
        first_name: first,
        last_name: rest.join(" "),
        name: account.name,
        picture: { data: { url: account.avatarUrl, height: 50, width: 50, is_silhouette: account.avatarUrl === "" } },
      };
    },
  },
  unauthorized: { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 } },
};

/** Spotify: `GET /me` (an image list; Spotify never says whether the email is verified). */
const spotify: RestApiSpec = {
  api: {
    "/me": (account) => ({
      id: login(account),
      display_name: account.name || null,
      email: account.email,
      type: "user",
      images: account.avatarUrl
        ? [
            { url: account.avatarUrl, height: 64, width: 64 },
            { url: account.avatarUrl, height: 300, width: 300 },
          ]
        : [],
    }),
  },
  unauthorized: { error: { status: 401, message: "Invalid access token" } },
};

/** Twitch: Helix `GET /helix/users` (a `data` list with the token's user). */
const twitch: RestApiSpec = {
  api: {
    "/helix/users": (account) => ({
      data: [
        {
          id: String(account.numericId),
          login: login(account),
          display_name: account.name || login(account),
          type: "",
          broadcaster_type: "",
          description: "",
          profile_image_url: account.avatarUrl,
          offline_image_url: "",
          view_count: 0,
          email: account.email,
          created_at: account.createdAt,
        },
      ],
    }),
  },
  unauthorized: { error: "Unauthorized", status: 401, message: "Invalid OAuth token" },
};

/** Notion: `GET /v1/users/me` answers the integration's bot, its owner is the person who signed in. */
const notion: RestApiSpec = {
  api: {
    "/v1/users/me": (account) => ({
      object: "user",
      id: "00000000-0000-4000-8000-00000000b07e",
      name: "Parley",
      avatar_url: null,
      type: "bot",
      bot: {
        owner: {
          type: "user",
          user: {
            object: "user",
            id: account.id,
            name: account.name || null,
            avatar_url: account.avatarUrl || null,
            type: "person",
            person: { email: account.email },
          },
        },
        workspace_name: "Parley emulator",
      },
    }),
  },
  unauthorized: { object: "error", status: 401, code: "unauthorized", message: "API token is invalid." },
};

/** Zoom: `GET /v2/users/me` (`verified` 1/0; `login_types` is a list, GoTrue reads a `login_type` that is not sent). */
const zoom: RestApiSpec = {
  api: {
    "/v2/users/me": (account) => {
      const [first = "", ...rest] = account.name.split(" ");
      return {
        id: login(account),
        first_name: first,
        last_name: rest.join(" "),
        display_name: account.name,
        email: account.email,
        type: 1,
        pic_url: account.avatarUrl,
        verified: account.emailVerified ? 1 : 0,
        login_types: [100],
        status: "active",
      };
    },
  },
  unauthorized: { code: 124, message: "Invalid access token." },
};

/** Figma: `GET /v1/me` (`handle`, `img_url`). */
const figma: RestApiSpec = {
  api: {
    "/v1/me": (account) => ({
      id: String(account.numericId),
      email: account.email,
      handle: account.name || login(account),
      img_url: account.avatarUrl,
    }),
  },
  unauthorized: { status: 403, err: "Invalid token" },
};

/** Kakao: `GET /v2/user/me` (numeric id; the email under `kakao_account` with its validity flags). */
const kakao: RestApiSpec = {
  api: {
    "/v2/user/me": (account) => ({
      id: account.numericId,
      connected_at: account.createdAt,
      properties: { nickname: account.name || login(account), profile_image: account.avatarUrl },
      kakao_account: {
        profile_nickname_needs_agreement: false,
        profile_image_needs_agreement: false,
        profile: {
          nickname: account.name || login(account),
          profile_image_url: account.avatarUrl,
          is_default_image: account.avatarUrl === "",
        },
        has_email: true,
        email_needs_agreement: false,
        is_email_valid: true,
        is_email_verified: account.emailVerified,
        email: account.email,
      },
    }),
  },
  unauthorized: { msg: "this access token does not exist", code: -401 },
};

/** Slack ("Sign in with Slack", OpenID Connect): `GET /api/openid.connect.userInfo` with Slack's namespaced claims. */
const slackOidc: RestApiSpec = {
  api: {
    "/api/openid.connect.userInfo": (account) => ({
      ok: true,
      sub: `U${account.numericId}`,
      "https://slack.com/user_id": `U${account.numericId}`,
      "https://slack.com/team_id": "T0PARLEY",
      email: account.email,
      email_verified: account.emailVerified,
      name: account.name,
      picture: account.avatarUrl,
      "https://slack.com/team_name": "Parley emulator",
      "https://slack.com/team_domain": "parley-emulator",
    }),
  },
  unauthorized: { ok: false, error: "invalid_auth" },
};

/** WorkOS SSO: no user API; the token response carries the SSO `profile` (one emulated connection). */
const workos: RestApiSpec = {
  api: {},
  unauthorized: { message: "Unauthorized" },
  tokenExtras: (account) => {
    const [first = "", ...rest] = account.name.split(" ");
    return {
      profile: {
        object: "profile",
        id: `prof_${account.numericId}`,
        connection_id: "conn_parley_emulator",
        connection_type: "GenericOIDC",
        organization_id: "org_parley_emulator",
        idp_id: account.id,
        email: account.email,
        first_name: first || null,
        last_name: rest.join(" ") || null,
        raw_attributes: {},
      },
    };
  },
};

export const REST_APIS: Partial<Record<EmulatedProvider, RestApiSpec>> = {
  github,
  gitlab,
  discord,
  bitbucket,
  facebook,
  spotify,
  twitch,
  notion,
  zoom,
  figma,
  kakao,
  slack_oidc: slackOidc,
  workos,
};
