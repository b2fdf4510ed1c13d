/**
 * POSTs to a running stack's own endpoint under `/_parley` (see start-stack's internalRoutes) with
 * the secret key. Lines the stack reports (`log`) go to `onLog`. Resolves to the refusal message when the stack says no, undefined when it did it.
 * @example const refused = await postToRunningStack(state.ports.api, "db/reset", keys.secretKey);
 */
export async function postToRunningStack(
  apiPort: number,
  endpoint: "db/reset" | "db/reset?seed=false" | "keys/reload",
  secretKey: string,
  onLog: (line: string) => void = () => undefined,
): Promise<string | undefined> {
  const response = await fetch(`http://127.0.0.1:${apiPort}/_parley/${endpoint}`, {
    method: "POST",
    headers: { apikey: secretKey },
  });
  const body = (await response.json().catch(() => ({}))) as { message?: string; log?: unknown };
  if (response.ok) {
    // `db reset` answers with the lines the stack printed while it applied migrations and the seed
    if (Array.isArray(body.log)) for (const line of body.log) if (typeof line === "string") onLog(line);
    return undefined;
  }
  return body.message ?? `${endpoint.replace(/\?.*$/, "").replace("/", " ")} failed with HTTP ${response.status}`;
}
