import { describe, expect, it } from "vitest";
import { endpointUrl, REST_PROVIDERS } from "./rest-providers.ts";

describe("OAuth 2.0 provider endpoints (GoTrue's hosts and paths)", () => {
  it.each([
    [
      "github",
      "https://github.com/login/oauth/authorize",
      "https://github.com/login/oauth/access_token",
      "https://api.github.com",
    ],
    ["gitlab", "https://gitlab.com/oauth/authorize", "https://gitlab.com/oauth/token", "https://gitlab.com/api/v4"],
    [
      "discord",
      "https://discord.com/api/oauth2/authorize",
      "https://discord.com/api/oauth2/token",
      "https://discord.com/api",
    ],
    [
      "bitbucket",
      "https://bitbucket.org/site/oauth2/authorize",
      "https://bitbucket.org/site/oauth2/access_token",
      "https://api.bitbucket.org/2.0",
    ],
    [
      "facebook",
      "https://www.facebook.com/dialog/oauth",
      "https://graph.facebook.com/oauth/access_token",
      "https://graph.facebook.com",
    ],
    [
      "spotify",
      "https://accounts.spotify.com/authorize",
      "https://accounts.spotify.com/api/token",
      "https://api.spotify.com/v1",
    ],
    ["twitch", "https://id.twitch.tv/oauth2/authorize", "https://id.twitch.tv/oauth2/token", "https://api.twitch.tv"],
    [
      "notion",
      "https://api.notion.com/v1/oauth/authorize",
      "https://api.notion.com/v1/oauth/token",
      "https://api.notion.com",
    ],
    ["zoom", "https://zoom.us/oauth/authorize", "https://zoom.us/oauth/token", "https://api.zoom.us/v2"],
    ["figma", "https://www.figma.com/oauth", "https://api.figma.com/v1/oauth/token", "https://api.figma.com"],
    [
      "kakao",
      "https://kauth.kakao.com/oauth/authorize",
      "https://kauth.kakao.com/oauth/token",
      "https://kapi.kakao.com",
    ],
    [
      "slack_oidc",
      "https://slack.com/openid/connect/authorize",
      "https://slack.com/api/openid.connect.token",
      "https://slack.com/api",
    ],
  ] as const)("%s without `url`", (name, authorize, token, api) => {
    const spec = REST_PROVIDERS[name];
    expect([
      endpointUrl(spec.authorize, undefined),
      endpointUrl(spec.token, undefined),
      endpointUrl(spec.api, undefined),
    ]).toEqual([authorize, token, api]);
  });

  it("puts every endpoint under a configured `url` (self-hosted), GitHub Enterprise's API under /api/v3", () => {
    const gitlab = { url: "https://git.example.com/", emulated: false };
    expect(endpointUrl(REST_PROVIDERS.gitlab.authorize, gitlab)).toBe("https://git.example.com/oauth/authorize");
    expect(endpointUrl(REST_PROVIDERS.gitlab.api, gitlab)).toBe("https://git.example.com/api/v4");
    expect(endpointUrl(REST_PROVIDERS.github.api, { url: "https://ghe.example.com", emulated: false })).toBe(
      "https://ghe.example.com/api/v3",
    );
    expect(
      endpointUrl(REST_PROVIDERS.github.api, { url: "http://localhost:54321/emulators/oauth/github", emulated: true }),
    ).toBe("http://localhost:54321/emulators/oauth/github");
  });
});
