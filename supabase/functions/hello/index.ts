// A minimal edge function, deployable unchanged with `supabase functions deploy hello`:
// POST {"name": "…"} → {"message": "Hello …!"}. It answers CORS itself, as hosted requires of
// functions called from a browser. verify_jwt is on (the default): call it with a user session or,
// locally, the publishable key.
const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
};

Deno.serve(async (req) => {
  if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });
  const { name } = req.method === "POST" ? await req.json().catch(() => ({})) : {};
  return Response.json(
    { message: `Hello ${typeof name === "string" && name !== "" ? name : "world"}!` },
    { headers: corsHeaders },
  );
});
