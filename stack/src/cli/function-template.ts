/**
 * What `functions new <name>` writes, after the Supabase CLI's template (internal/functions/new):
 * an `index.ts` that greets the posted name, a `deno.json` naming the edge runtime's type package,
 * and a `[functions.<name>]` block for config.toml with the keys the CLI writes.
 */
export function functionIndexSource(name: string): string {
  return `// A new edge function: POST {"name": "…"} → {"message": "Hello …!"}.
// Types of the edge runtime's built-in APIs (EdgeRuntime, Supabase.ai) for the editor:
import "jsr:@supabase/functions-js/edge-runtime.d.ts";

Deno.serve(async (req) => {
  const { name } = await req.json();
  return Response.json({ message: \`Hello \${name}!\` });
});

/* Try it on the running stack (\`parley-stack status\` prints the URL and keys):

  curl -i --request POST 'http://127.0.0.1:54321/functions/v1/${name}' \\
    --header 'Authorization: Bearer <ANON_KEY or a user access token>' \\
    --header 'Content-Type: application/json' \\
    --data '{"name":"Functions"}'
*/
`;
}

export function functionDenoJson(): string {
  return `${JSON.stringify({ imports: { "@supabase/functions-js": "jsr:@supabase/functions-js@^2" } }, null, 2)}\n`;
}

export function functionConfigBlock(name: string): string {
  return `
[functions.${name}]
enabled = true
verify_jwt = true
import_map = "./functions/${name}/deno.json"
# The entrypoint; .ts, .js, .mjs, .jsx and .tsx are supported.
entrypoint = "./functions/${name}/index.ts"
# Files bundled with the function (glob patterns), e.g. HTML pages it serves:
# static_files = [ "./functions/${name}/*.html" ]
`;
}
