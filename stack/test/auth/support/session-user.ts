import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../../support/client.ts";
import type { TestStack } from "../../support/test-stack.ts";

/** A supabase-js client in the PKCE flow (verifier kept in its in-memory storage), as SSR apps use. */
export const pkceClient = (t: TestStack): SupabaseClient =>
  testClient(t.url, t.stack.keys.publishableKey, { auth: { flowType: "pkce" } });

/** Follows an email link like a browser without following the redirect; returns the Location. */
export async function openLink(link: string): Promise<{ status: number; location: URL }> {
  const response = await fetch(link, { redirect: "manual" });
  return { status: response.status, location: new URL(response.headers.get("location") ?? "about:blank") };
}

/** The fragment parameters of a redirect (implicit flow tokens or errors). */
export const fragmentOf = (location: URL) => new URLSearchParams(location.hash.replace(/^#/, ""));

/** Events a client emits, collected for assertions. */
export function recordEvents(client: SupabaseClient): string[] {
  const events: string[] = [];
  client.auth.onAuthStateChange((event) => {
    events.push(event);
  });
  return events;
}
