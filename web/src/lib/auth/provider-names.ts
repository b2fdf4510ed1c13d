/** Brand names are not translated. */
const providerNames: Record<string, string> = {
  apple: "Apple",
  azure: "Microsoft",
  bitbucket: "Bitbucket",
  discord: "Discord",
  facebook: "Facebook",
  github: "GitHub",
  gitlab: "GitLab",
  google: "Google",
  keycloak: "Keycloak",
  linkedin_oidc: "LinkedIn",
  notion: "Notion",
  slack_oidc: "Slack",
  spotify: "Spotify",
  twitch: "Twitch",
  twitter: "X",
  workos: "WorkOS",
  zoom: "Zoom",
};

/** A provider's brand name ("github" → "GitHub"); unknown ones as the backend spells them. */
export function providerName(provider: string): string {
  return providerNames[provider] ?? provider;
}
