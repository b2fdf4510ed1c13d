/** See local-backend-settings.js. */
export function applyLocalBackendSettings(
  root: string,
  status: { DB_URL: string; API_URL: string; SERVICE_ROLE_KEY: string; INBUCKET_URL: string },
  appUrl: string,
): Promise<void>;
