// GET or POST /functions/v1/missed-activity-unsubscribe?token=…  (verify_jwt = false: the link in the
// missed-activity email works without signing in; POST is the one-click form of RFC 8058)
//
// The signed token (../_shared/unsubscribe-token.ts) names the person; their email_missed preference
// turns off. 200 with a short text in their language; 400 invalid_token for a missing, altered or
// forged token.
import { adminClient } from "../_shared/clients.ts";
import { corsHeaders } from "../_shared/cors.ts";
import { errorResponse, FunctionError } from "../_shared/http.ts";
import { verifyUnsubscribeToken } from "../_shared/unsubscribe-token.ts";
import { textFor } from "../missed-activity-email/email-text.ts";

async function unsubscribe(req: Request): Promise<Response> {
  const userId = await verifyUnsubscribeToken(new URL(req.url).searchParams.get("token"));
  if (!userId) throw new FunctionError("invalid_token", "This unsubscribe link is not valid.");
  const admin = adminClient();
  const { error } = await admin.rpc("unsubscribe_missed_activity", { person: userId });
  if (error) throw new Error(`unsubscribe_missed_activity failed: ${error.message}`);
  const { data: profile } = await admin.from("profiles").select("locale").eq("id", userId).maybeSingle();
  const { text } = textFor(typeof profile?.locale === "string" ? profile.locale : "en");
  return new Response(text.unsubscribed, {
    headers: { ...corsHeaders, "Content-Type": "text/plain; charset=utf-8" },
  });
}

Deno.serve(async (req) => {
  if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });
  try {
    if (req.method !== "GET" && req.method !== "POST")
      throw new FunctionError("method_not_allowed", "Use GET or POST.");
    return await unsubscribe(req);
  } catch (error) {
    if (error instanceof FunctionError) return errorResponse(error);
    console.error(error);
    return errorResponse(new FunctionError("internal_error", "Something went wrong on our side."));
  }
});
