/**
 * POSTs to a running stack's own endpoint under `/_parley` (see start-stack's internalRoutes) with
 * the secret key. Resolves to the refusal message when the stack says no, undefined when it did it.
 * @example const refused = await postToRunningStack(state.ports.api, "db/reset", keys.secretKey);
 */
export async function postToRunningStack(
  apiPort: number,
  endpoint: "db/reset" | "db/reset?seed=false" | "keys/reload",
  secretKey: string,
): Promise<string | undefined> {
  const response = await fetch(`http://127.0.0.1:${apiPort}/_parley/${endpoint}`, {
    method: "POST",
    headers: { apikey: secretKey },
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string };
  if (response.ok) return undefined;
  return body.message ?? `${endpoint.replace(/\?.*$/, "").replace("/", " ")} failed with HTTP ${response.status}`;
}
