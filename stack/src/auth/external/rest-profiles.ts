import { createHmac } from "node:crypto";
import type { ProviderUserData } from "./user-data.ts";

/** What a profile mapping may call: GET on the provider's API base with the access token. */
export interface ProviderApi {
  base: string;
  clientId: string;
  clientSecret: string;
  accessToken: string;
  /** The token endpoint's whole response (WorkOS puts the profile there). */
  tokens: Record<string, unknown>;
  get(pathAndQuery: string, headers?: Record<string, string>): Promise<unknown>;
}

type Json = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : "");
const idText = (value: unknown) => (typeof value === "number" ? String(value) : text(value));
const object = (value: unknown): Json => (typeof value === "object" && value !== null ? (value as Json) : {});
const list = (value: unknown): Json[] => (Array.isArray(value) ? value.map(object) : []);
const primaryEmail = (email: string, verified: boolean) => (email ? [{ email, verified, primary: true }] : []);

// Each mapping states GoTrue's GetUserData for the provider (auth: internal/api/provider/<name>.go).

export async function github(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(await api.get("/user"));
  const emails = list(await api.get("/user/emails"));
  const sub = idText(user.id);
  const name = text(user.name);
  const login = text(user.login);
  return {
    emails: emails
      .filter((e) => text(e.email) !== "")
      .map((e) => ({ email: text(e.email), verified: e.verified === true, primary: e.primary === true })),
    claims: {
      iss: api.base,
      sub,
      name,
      preferred_username: login,
      avatar_url: text(user.avatar_url),
      full_name: name,
      provider_id: sub,
      user_name: login,
    },
  };
}

/** Listed emails unverified and not primary, then the profile email (verified when `confirmed_at` is set). */
export async function gitlab(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(await api.get("/user"));
  const emails = list(await api.get("/user/emails"))
    .filter((e) => text(e.email) !== "")
    .map((e) => ({ email: text(e.email), verified: false, primary: false }));
  if (text(user.email) !== "")
    emails.push({ email: text(user.email), verified: text(user.confirmed_at) !== "", primary: true });
  const sub = idText(user.id);
  const name = text(user.name);
  const avatar = text(user.avatar_url);
  return {
    emails,
    claims: {
      iss: api.base.replace(/\/api\/v4$/, ""),
      sub,
      name,
      picture: avatar,
      avatar_url: avatar,
      full_name: name,
      provider_id: sub,
    },
  };
}

/** CDN avatar from the hash (else the default avatar by discriminator), `name#discriminator`. */
export async function discord(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(await api.get("/users/@me"));
  const id = text(user.id);
  const hash = text(user.avatar);
  const discriminator = text(user.discriminator);
  const index = Number.parseInt(discriminator, 10);
  if (hash === "" && Number.isNaN(index))
    throw new Error("Discord user has neither an avatar nor a numeric discriminator");
  const avatar =
    hash === ""
      ? `https://cdn.discordapp.com/embed/avatars/${index % 5}.png`
      : `https://cdn.discordapp.com/avatars/${id}/${hash}.${hash.startsWith("a_") ? "gif" : "png"}`;
  const username = text(user.username);
  return {
    emails: primaryEmail(text(user.email), user.verified === true),
    claims: {
      iss: api.base,
      sub: id,
      name: `${username}#${discriminator}`,
      picture: avatar,
      custom_claims: { global_name: text(user.global_name) },
      avatar_url: avatar,
      full_name: username,
      provider_id: id,
    },
  };
}

/** `/user` and `/user/emails` (`values`, `is_primary`, `is_confirmed`). */
export async function bitbucket(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(await api.get("/user"));
  const emails = list(object(await api.get("/user/emails")).values);
  const sub = text(user.uuid);
  const name = text(user.display_name);
  const avatar = text(object(user.avatar).href);
  return {
    emails: emails
      .filter((e) => text(e.email) !== "")
      .map((e) => ({ email: text(e.email), verified: e.is_confirmed === true, primary: e.is_primary === true })),
    claims: { iss: api.base, sub, name, picture: avatar, avatar_url: avatar, full_name: name, provider_id: sub },
  };
}

const FACEBOOK_PROFILE = "/me?fields=email,first_name,last_name,name,picture";

/** Graph `/me` with `appsecret_proof`; the email counts as verified; name from first and last name. */
export async function facebook(api: ProviderApi): Promise<ProviderUserData> {
  const proof = createHmac("sha256", api.clientSecret).update(api.accessToken).digest("hex");
  const user = object(await api.get(`${FACEBOOK_PROFILE}&appsecret_proof=${proof}`));
  const sub = text(user.id);
  const name = `${text(user.first_name)} ${text(user.last_name)}`.trim();
  const avatar = text(object(object(user.picture).data).url);
  const alias = text(user.name);
  return {
    emails: primaryEmail(text(user.email), true),
    claims: {
      iss: `${api.base}${FACEBOOK_PROFILE}`,
      sub,
      name,
      nickname: alias,
      picture: avatar,
      slug: alias,
      avatar_url: avatar,
      full_name: name,
      provider_id: sub,
    },
  };
}

/** `/me`: the largest image is the avatar; Spotify does not say the email is verified. */
export async function spotify(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(await api.get("/me"));
  const images = list(user.images);
  const area = (image: Json) => (Number(image.height) || 0) * (Number(image.width) || 0);
  const largest = images.reduce<Json | undefined>(
    (best, image) => (best === undefined || area(image) > area(best) ? image : best),
    undefined,
  );
  const sub = text(user.id);
  const name = text(user.display_name);
  const avatar = text(largest?.url);
  return {
    emails: primaryEmail(text(user.email), false),
    claims: { iss: api.base, sub, name, picture: avatar, avatar_url: avatar, full_name: name, provider_id: sub },
  };
}

/** Helix `/helix/users` with `Client-Id`; the first user; the email counts as verified. */
export async function twitch(api: ProviderApi): Promise<ProviderUserData> {
  const [user] = list(object(await api.get("/helix/users", { "client-id": api.clientId })).data);
  if (!user) throw new Error("unable to find user with twitch provider");
  const sub = text(user.id);
  const picture = text(user.profile_image_url);
  const display = text(user.display_name);
  return {
    emails: primaryEmail(text(user.email), true),
    claims: {
      iss: api.base,
      sub,
      picture,
      name: text(user.login),
      nickname: display,
      custom_claims: {
        broadcaster_type: text(user.broadcaster_type),
        description: text(user.description),
        type: text(user.type),
        offline_image_url: text(user.offline_image_url),
        view_count: Number(user.view_count) || 0,
      },
      slug: display,
      avatar_url: picture,
      full_name: text(user.login),
      provider_id: sub,
    },
  };
}

/** `/v1/users/me` (Notion-Version 2021-08-16): the bot's owning user; Notion's email counts as verified. */
export async function notion(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(
    object(object(object(await api.get("/v1/users/me", { "notion-version": "2021-08-16" })).bot).owner).user,
  );
  const sub = text(user.id);
  const name = text(user.name);
  const avatar = text(user.avatar_url);
  return {
    emails: primaryEmail(text(object(user.person).email), true),
    claims: { iss: api.base, sub, name, picture: avatar, avatar_url: avatar, full_name: name, provider_id: sub },
  };
}

/** `/users/me`: verified unless `login_type` is "100" (email login) with `verified` 0. */
export async function zoom(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(await api.get("/users/me"));
  const verified = String(user.login_type ?? "") !== "100" || (Number(user.verified) || 0) !== 0;
  const sub = text(user.id);
  const name = `${text(user.first_name)} ${text(user.last_name)}`.trim();
  const avatar = text(user.pic_url);
  return {
    emails: primaryEmail(text(user.email), verified),
    claims: { iss: api.base, sub, name, picture: avatar, avatar_url: avatar, full_name: name, provider_id: sub },
  };
}

/** `/v1/me` (`handle`, `img_url`); the email counts as verified and is also put in the claims. */
export async function figma(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(await api.get("/v1/me"));
  const sub = text(user.id);
  const name = text(user.handle);
  const email = text(user.email);
  return {
    emails: primaryEmail(email, true),
    claims: {
      iss: api.base,
      sub,
      name,
      email,
      email_verified: true,
      avatar_url: text(user.img_url),
      full_name: name,
      provider_id: sub,
    },
  };
}

/** `/v2/user/me`: verified only when `is_email_verified` and `is_email_valid`; the nickname is every name. */
export async function kakao(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(await api.get("/v2/user/me"));
  const account = object(user.kakao_account);
  const profile = object(account.profile);
  const sub = idText(user.id);
  const nickname = text(profile.nickname);
  return {
    emails: primaryEmail(text(account.email), account.is_email_verified === true && account.is_email_valid === true),
    claims: {
      iss: api.base,
      sub,
      name: nickname,
      preferred_username: nickname,
      avatar_url: text(profile.profile_image_url),
      full_name: nickname,
      provider_id: sub,
      user_name: nickname,
    },
  };
}

/** `/openid.connect.userInfo`: Slack's user id (not `sub`) is the subject; the team id is a custom claim. */
export async function slackOidc(api: ProviderApi): Promise<ProviderUserData> {
  const user = object(await api.get("/openid.connect.userInfo"));
  const sub = text(user["https://slack.com/user_id"]);
  const name = text(user.name);
  const picture = text(user.picture);
  return {
    emails: primaryEmail(text(user.email), user.email_verified === true),
    claims: {
      iss: api.base,
      sub,
      name,
      picture,
      custom_claims: { "https://slack.com/team_id": text(user["https://slack.com/team_id"]) },
      avatar_url: picture,
      full_name: name,
      provider_id: sub,
    },
  };
}

/** No API call: the token response's `profile` (WorkOS SSO); its email counts as verified. */
export async function workos(api: ProviderApi): Promise<ProviderUserData> {
  if (api.accessToken === "") return { emails: [], claims: { sub: "" } };
  const profile = object(api.tokens.profile);
  const sub = text(profile.id);
  const name = `${text(profile.first_name)} ${text(profile.last_name)}`.trim();
  return {
    emails: primaryEmail(text(profile.email), true),
    claims: {
      iss: api.base,
      sub,
      name,
      custom_claims: { connection_id: text(profile.connection_id), organization_id: text(profile.organization_id) },
      full_name: name,
      provider_id: sub,
    },
  };
}
