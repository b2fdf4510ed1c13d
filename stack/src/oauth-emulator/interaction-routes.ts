import type { Context, Hono } from "hono";
import { emulatorBasePath, type EmulatedProvider } from "../config/index.ts";
import type { GatewayEnv } from "../gateway/index.ts";
import { PROVIDER_LABELS, type EmulatedIssuers } from "./issuers.ts";
import { readLoginForm } from "./login-form.ts";
import { nodeBindings } from "./node-bindings.ts";
import { renderSignInPage } from "./sign-in-page.ts";
import type { TestAccounts } from "./test-accounts.ts";

const EXPIRED = "This sign-in has expired. Start again from the app.";

/**
 * The sign-in page of an emulated provider (oidc-provider's interaction): show it, sign in with a
 * picked or new test account (login + consent at once), or deny (`access_denied`).
 */
export function mountInteractionRoutes(app: Hono<GatewayEnv>, issuers: EmulatedIssuers, accounts: TestAccounts): void {
  const open = async (c: Context) => {
    const name = c.req.param("provider") ?? "";
    if (!issuers.has(name)) return undefined;
    const issuer = await issuers.get(name);
    const { incoming, outgoing } = nodeBindings(c);
    const details = await issuer.provider.interactionDetails(incoming, outgoing).catch(() => undefined);
    if (!details || details.uid !== c.req.param("uid")) return undefined;
    const finish = (result: Parameters<typeof issuer.provider.interactionResult>[2]) =>
      issuer.provider.interactionResult(incoming, outgoing, result, { mergeWithLastSubmission: false });
    return { name: name as EmulatedProvider, issuer, details, finish };
  };
  const page = (name: EmulatedProvider, uid: string, error?: string) =>
    renderSignInPage({
      providerLabel: PROVIDER_LABELS[name],
      interactionPath: `${emulatorBasePath(name)}/interaction/${uid}`,
      clientName: "Parley",
      accounts: accounts.list(),
      error,
    });

  app.get("/:provider/interaction/:uid", async (c) => {
    const interaction = await open(c);
    return interaction ? c.html(page(interaction.name, interaction.details.uid)) : c.text(EXPIRED, 400);
  });

  app.post("/:provider/interaction/:uid/login", async (c) => {
    const interaction = await open(c);
    if (!interaction) return c.text(EXPIRED, 400);
    const form = await readLoginForm(c, accounts);
    if (!form.ok) return c.html(page(interaction.name, interaction.details.uid, form.error), 400);
    const { params } = interaction.details;
    const grant = new interaction.issuer.provider.Grant({
      accountId: form.account.id,
      clientId: String(params.client_id),
    });
    grant.addOIDCScope(String(params.scope ?? "openid"));
    const grantId = await grant.save();
    return c.redirect(await interaction.finish({ login: { accountId: form.account.id }, consent: { grantId } }), 303);
  });

  app.post("/:provider/interaction/:uid/deny", async (c) => {
    const interaction = await open(c);
    if (!interaction) return c.text(EXPIRED, 400);
    return c.redirect(
      await interaction.finish({ error: "access_denied", error_description: "The user denied access" }),
      303,
    );
  });
}
