import { z } from "zod";
import { readBody } from "../http/body.ts";
import { requireAdmin } from "../http/caller.ts";
import { requestRedirect } from "../http/redirect.ts";
import { route } from "../http/route.ts";
import { allowedRedirect } from "../redirects/redirect-url.ts";
import { metadata } from "../http/schemas.ts";
import { generateLink } from "../otp/generate-link.ts";
import { normalizeEmail } from "../users/identifiers.ts";

const TYPES = ["signup", "invite", "magiclink", "recovery", "email_change_current", "email_change_new"] as const;
const body = z.object({
  type: z.enum(TYPES, { message: "Invalid email action link type requested" }),
  email: z.string().default(""),
  password: z.string().optional(),
  data: metadata,
  new_email: z.string().optional(),
  redirect_to: z.string().optional(),
});

/**
 * POST /admin/generate_link (`admin.generateLink`): the link and OTP, no mail. The redirect is the
 * body's `redirect_to` when allowed, else the request's (query, header, Referer), else site_url,
 * as GoTrue's adminGenerateLink.
 */
export const generateLinkRoute = route("post", "/admin/generate_link", async (c, core) => {
  requireAdmin(c);
  const input = await readBody(c, body);
  const settings = core.settings();
  const bodyRedirect = input.redirect_to
    ? allowedRedirect(settings.site_url, settings.additional_redirect_urls, input.redirect_to)
    : undefined;
  const result = await generateLink(core, {
    type: input.type,
    email: normalizeEmail(input.email),
    password: input.password,
    data: input.data,
    newEmail: input.new_email ? normalizeEmail(input.new_email) : undefined,
    redirectTo: bodyRedirect ?? requestRedirect(c, settings),
  });
  return c.json(result);
});
