import { parseAst, type Plugin } from "vite";

type UnusedMembers = { file: RegExp; className: string; members: readonly string[] };

/**
 * Members of supabase-js's classes that Parley never calls and that keep code on every signed-in
 * page's first screen: a class keeps every method and getter whether called or not, and each keeps
 * what it reaches. Lint refuses calls to them in the app (`eslint.config.js`).
 */
export const unusedSupabaseApi: readonly UnusedMembers[] = [
  // Public-alpha storage: vector buckets, and Iceberg analytics buckets (with iceberg-js).
  {
    file: /[\\/]@supabase[\\/]storage-js[\\/]dist[\\/]index\.mjs$/,
    className: "StorageClient",
    members: ["vectors", "analytics"],
  },
  // Sign-in with an Ethereum or Solana wallet (with auth-js's SIWE helpers): Parley offers no
  // wallet sign-in. `auth.oauth`: the consent screen of Supabase as an OAuth server, which Parley
  // is not. `auth.mfa.recoveryCodes`: experimental, refused unless the client is created with
  // `auth.experimental.recoveryCodes`.
  {
    file: /[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/]GoTrueClient\.js$/,
    className: "GoTrueClient",
    members: [
      "signInWithWeb3",
      "signInWithEthereum",
      "signInWithSolana",
      "_getAuthorizationDetails",
      "_approveAuthorization",
      "_denyAuthorization",
      "_listOAuthGrants",
      "_revokeOAuthGrant",
      "_getRecoveryCodesStatus",
      "_generateRecoveryCodes",
      "_verifyRecoveryCode",
      "_regenerateRecoveryCodes",
      "_unenrollRecoveryCodes",
    ],
  },
  // Broadcast over HTTP: Parley broadcasts nothing itself (typing goes through the database).
  {
    file: /[\\/]@supabase[\\/]realtime-js[\\/]dist[\\/]module[\\/]RealtimeChannel\.js$/,
    className: "RealtimeChannel",
    members: ["httpSend"],
  },
  // The admin API needs the service-role key, which never reaches a browser; auth-js's own
  // `signOut` uses the admin client's `signOut`, which stays.
  {
    file: /[\\/]@supabase[\\/]auth-js[\\/]dist[\\/]module[\\/]GoTrueAdminApi\.js$/,
    className: "GoTrueAdminApi",
    members: [
      "inviteUserByEmail",
      "generateLink",
      "createUser",
      "listUsers",
      "getUserById",
      "updateUserById",
      "deleteUser",
      "_listFactors",
      "_deleteFactor",
      "_listOAuthClients",
      "_createOAuthClient",
      "_getOAuthClient",
      "_updateOAuthClient",
      "_deleteOAuthClient",
      "_regenerateOAuthClientSecret",
      "_listCustomProviders",
      "_createCustomProvider",
      "_getCustomProvider",
      "_updateCustomProvider",
      "_deleteCustomProvider",
      "_adminListPasskeys",
      "_adminDeletePasskey",
    ],
  },
];

type Node = { type: string; start: number; end: number; [key: string]: unknown };

function isNode(value: unknown): value is Node {
  return typeof value === "object" && value !== null && typeof (value as Node).type === "string";
}

/** The class named `name` anywhere in the module (`class X {}`, `var X = class {}`, `export default class X {}`). */
function findClass(node: Node, name: string): Node | null {
  const id = node.id;
  if (node.type === "ClassDeclaration" && isNode(id) && id.name === name) return node;
  if (node.type === "VariableDeclarator" && isNode(id) && id.name === name && isNode(node.init)) {
    if (node.init.type === "ClassExpression") return node.init;
  }
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (!isNode(child)) continue;
      const found = findClass(child, name);
      if (found) return found;
    }
  }
  return null;
}

/**
 * `code` with the body of each of `members` of `className` replaced by a `throw`, on the lines it
 * took (so the source map still points at the right line), and the members it found. The bundler
 * then drops what only those bodies reached.
 */
export function withoutMembers(code: string, { className, members }: UnusedMembers): { code: string; found: string[] } {
  const found = findClass(parseAst(code) as unknown as Node, className);
  const classBody = found && isNode(found.body) ? (found.body.body as Node[]) : [];
  const bodies = classBody
    .filter((member) => member.type === "MethodDefinition" && isNode(member.key) && isNode(member.value))
    .map((member) => ({ name: String((member.key as Node).name), body: (member.value as Node).body as Node }))
    .filter(({ name, body }) => members.includes(name) && code[body.start] === "{" && code[body.end - 1] === "}")
    .sort((a, b) => b.body.start - a.body.start);
  let trimmed = code;
  for (const { name, body } of bodies) {
    const lines = "\n".repeat(code.slice(body.start, body.end).split("\n").length - 1);
    const replacement = `{ throw new Error("${className}.${name} is not part of Parley's build"); ${lines}}`;
    trimmed = trimmed.slice(0, body.start) + replacement + trimmed.slice(body.end);
  }
  return { code: trimmed, found: bodies.map(({ name }) => name) };
}

/**
 * Replaces the bodies of `unusedSupabaseApi` with a `throw` at build time. If an upgrade renames
 * or moves a member, nothing matches and the build is as before, only larger
 * (`supabase-unused-api.test.ts` fails first).
 */
export function supabaseUnusedApi(): Plugin {
  return {
    name: "parley-supabase-unused-api",
    apply: "build",
    transform: {
      filter: { id: /[\\/]@supabase[\\/](storage-js|auth-js|realtime-js)[\\/]/ },
      handler(code, id) {
        const unused = unusedSupabaseApi.find(({ file }) => file.test(id));
        if (!unused) return null;
        const trimmed = withoutMembers(code, unused).code;
        return trimmed === code ? null : { code: trimmed, map: null };
      },
    },
  };
}
