import { randomUUID } from "node:crypto";
import type { TestStack } from "../../support/test-stack.ts";
import { testClient } from "../../support/client.ts";
import { subscribe } from "../../realtime/helpers.ts";

/**
 * What one service made of a bearer token: it acted as someone (`as`), judged from what it showed,
 * or it refused with a status and body (realtime: the join's error reason).
 */
export type Outcome =
  | { accepted: true; as: "member" | "anon" | "service_role" | "caller" }
  | { accepted: false; status: number; body: unknown };

/** The places a probe looks at: the victim (a member) and data only the service role could see. */
export interface ProbeTargets {
  t: TestStack;
  memberId: string;
  outsiderId: string;
  workspaceId: string;
  /** A folder in the attachments bucket the member reads (a file is there). */
  memberFolder: string;
  /** A folder in the attachments bucket of another workspace (a file is there). */
  foreignFolder: string;
}

const headers = (p: ProbeTargets, token: string): Record<string, string> => ({
  apikey: p.t.stack.keys.publishableKey,
  authorization: `Bearer ${token}`,
  "content-type": "application/json",
});

async function answer(response: Response): Promise<{ status: number; body: unknown }> {
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: text };
  }
}

export const SERVICE_PROBES: Record<string, (p: ProbeTargets, token: string) => Promise<Outcome>> = {
  /** GET /auth/v1/user: whose user record comes back. */
  auth: async (p, token) => {
    const { status, body } = await answer(await fetch(`${p.t.url}/auth/v1/user`, { headers: headers(p, token) }));
    if (status !== 200) return { accepted: false, status, body };
    return { accepted: true, as: (body as { id?: string }).id === p.memberId ? "member" : "service_role" };
  },
  /** GET /rest/v1/profiles: the member sees teammates, anon nothing, service_role everyone. */
  rest: async (p, token) => {
    const { status, body } = await answer(
      await fetch(`${p.t.url}/rest/v1/profiles?select=id`, { headers: headers(p, token) }),
    );
    if (status !== 200) return { accepted: false, status, body };
    const ids = (body as { id: string }[]).map((row) => row.id);
    if (ids.includes(p.outsiderId)) return { accepted: true, as: "service_role" };
    return { accepted: true, as: ids.includes(p.memberId) ? "member" : "anon" };
  },
  /** POST /storage/v1/object/list: the member's channel folder, and another workspace's. */
  storage: async (p, token) => {
    const list = async (prefix: string) =>
      answer(
        await fetch(`${p.t.url}/storage/v1/object/list/attachments`, {
          method: "POST",
          headers: headers(p, token),
          body: JSON.stringify({ prefix }),
        }),
      );
    const mine = await list(p.memberFolder);
    if (mine.status !== 200) return { accepted: false, ...mine };
    const foreign = await list(p.foreignFolder);
    if (foreign.status === 200 && (foreign.body as unknown[]).length > 0) return { accepted: true, as: "service_role" };
    return { accepted: true, as: (mine.body as unknown[]).length > 0 ? "member" : "anon" };
  },
  /** Joining the workspace's private topic (members only; service_role bypasses the policy). */
  realtime: async (p, token) => {
    const client = testClient(p.t.url, p.t.stack.keys.publishableKey, { accessToken: async () => token });
    try {
      // Set the token before joining: the client otherwise fetches it asynchronously and its first
      // join may go out with the api key alone.
      await client.realtime.setAuth(token);
      const channel = client.channel(`workspace:${p.workspaceId}`, { config: { private: true } });
      const { status, error } = await subscribe(channel);
      if (status === "SUBSCRIBED") return { accepted: true, as: "member" };
      return { accepted: false, status: 0, body: error?.message ?? status };
    } finally {
      await client.removeAllChannels();
      client.realtime.disconnect();
    }
  },
  /** POST /functions/v1/hello (verify_jwt on): the gateway's check, before the function runs. */
  functions: async (p, token) => {
    const { status, body } = await answer(
      await fetch(`${p.t.url}/functions/v1/hello`, {
        method: "POST",
        headers: headers(p, token),
        body: JSON.stringify({ name: randomUUID() }),
      }),
    );
    if (status !== 200) return { accepted: false, status, body };
    // hello cannot tell who called: "caller" only says the gateway let the token through.
    return { accepted: true, as: "caller" };
  },
};
