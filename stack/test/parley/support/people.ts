import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { testClient } from "../../support/client.ts";
import type { TestStack } from "../../support/test-stack.ts";
import { nowSeconds } from "../../support/tokens.ts";

export interface Person {
  id: string;
  email: string;
  /** A supabase-js client signed in as this person (a stack-signed access token). */
  client: SupabaseClient;
  token: string;
}

/**
 * Creates an auth user straight in the database, as the seed does (the profile trigger runs), and
 * a client acting as them with a token signed by the stack.
 */
export async function createPerson(t: TestStack, label: string, password = "correct-horse-battery"): Promise<Person> {
  const id = randomUUID();
  const email = `${label}-${id.slice(0, 8)}@example.test`;
  await t.stack.db.admin.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
       email_change_token_new, email_change)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2,
       extensions.crypt($3, extensions.gen_salt('bf', 4)), now(), '{"provider":"email","providers":["email"]}',
       jsonb_build_object('display_name', $4::text), now(), now(), '', '', '', '')`,
    [id, email, password, label],
  );
  await t.stack.db.admin.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true), 'email', now(), now())`,
    [id, email],
  );
  const token = await userToken(t, id, email);
  return { id, email, token, client: clientWithToken(t, token) };
}

export function userToken(t: TestStack, sub: string, email: string): Promise<string> {
  return t.stack.keys.sign({
    sub,
    email,
    role: "authenticated",
    aud: "authenticated",
    aal: "aal1",
    session_id: randomUUID(),
    exp: nowSeconds() + 3600,
    iat: nowSeconds(),
  });
}

/** A client whose REST, storage, realtime and functions calls carry `token`. */
export function clientWithToken(t: TestStack, token: string): SupabaseClient {
  return testClient(t.url, t.stack.keys.publishableKey, { accessToken: async () => token });
}

/** A signed-out client (the publishable key only). */
export const anonymousClient = (t: TestStack): SupabaseClient => testClient(t.url, t.stack.keys.publishableKey);

/**
 * The same person with a real session from a password sign-in: needed where a server checks the
 * session with the auth service (edge functions call auth.getUser), not only the token's signature.
 */
export async function signIn(t: TestStack, person: Person, password = "correct-horse-battery"): Promise<Person> {
  const { data, error } = await anonymousClient(t).auth.signInWithPassword({ email: person.email, password });
  if (error || !data.session) throw error ?? new Error("no session");
  return { ...person, token: data.session.access_token, client: clientWithToken(t, data.session.access_token) };
}
