import { Hono } from "hono";
import { z } from "zod";
import type { GatewayEnv, ServiceDeps, StackService } from "../gateway/index.ts";
import { loadOrCreateX509KeyPair } from "../gateway/x509-key-pair.ts";
import { AuthnRequestError, decodeAuthnRequest } from "./authn-request.ts";
import { idpMetadataXml } from "./idp-metadata.ts";
import { errorPage, postResponsePage, signInPage } from "./pages.ts";
import { TestAccounts } from "./test-accounts.ts";

export { EMULATOR_ENTITY_ID } from "./idp-metadata.ts";

/** Where the gateway serves the emulator. */
export const SAML_EMULATOR_BASE_PATH = "/emulators/saml";
/** The file in the data folder holding the emulator's signing key and certificate. */
export const SAML_EMULATOR_KEY_FILE = "saml-emulator-key.json";

/** The XML signature library loads with the first response the emulator signs, not at start. */
const signing = () => import("./signed-response.ts");

const signInSchema = z.object({
  SAMLRequest: z.string().min(1),
  RelayState: z.string().default(""),
  email: z.string().trim().email(),
  name: z.string().trim().max(200).default(""),
});

/**
 * A SAML 2.0 identity provider for local use, served by the stack at `/emulators/saml`: metadata
 * (`/metadata`), the SSO endpoint (`/sso`, Redirect and POST bindings) showing a sign-in page to
 * pick or create a test account, `/sign-in`, which posts a signed assertion to the SP's ACS, and
 * `/cancel`, which posts a failed status instead.
 * Auth knows it only through its metadata URL, like any other IdP.
 * @example const service = await createSamlEmulatorService(deps); // GET <api>/emulators/saml/metadata
 */
export async function createSamlEmulatorService(deps: ServiceDeps): Promise<StackService> {
  // Generated on first use, not at start: an RSA key costs a second or two that most runs never need.
  let keyPair: ReturnType<typeof loadOrCreateX509KeyPair> | undefined;
  const keys = () =>
    (keyPair ??= loadOrCreateX509KeyPair(deps.dataDir, SAML_EMULATOR_KEY_FILE, "Parley Stack SAML IdP emulator"));
  const accounts = await TestAccounts.open(deps.dataDir);
  const app = new Hono<GatewayEnv>();
  const ssoUrl = () => `${deps.urls.api}${SAML_EMULATOR_BASE_PATH}/sso`;

  app.get("/metadata", async (c) =>
    c.body(idpMetadataXml(ssoUrl(), (await keys()).certificate), 200, { "content-type": "application/xml" }),
  );

  const showSignIn = (samlRequest: string, relayState: string, binding: "redirect" | "post", error?: string) => {
    const { xml, request } = decodeAuthnRequest(samlRequest, binding);
    return signInPage({
      samlRequest: Buffer.from(xml).toString("base64"),
      relayState,
      serviceProvider: request.issuer,
      accounts: accounts.list(),
      error,
    });
  };
  // Every page that decodes a SAMLRequest shows the error page for one it cannot read.
  app.onError((error, c) => {
    if (error instanceof AuthnRequestError) return c.html(errorPage(error.message), 400);
    throw error;
  });
  app.get("/sso", (c) =>
    c.html(showSignIn(c.req.query("SAMLRequest") ?? "", c.req.query("RelayState") ?? "", "redirect")),
  );
  app.post("/sso", async (c) => {
    const form = await c.req.parseBody();
    return c.html(showSignIn(String(form.SAMLRequest ?? ""), String(form.RelayState ?? ""), "post"));
  });

  app.post("/sign-in", async (c) => {
    const body = await c.req.parseBody();
    const parsed = signInSchema.safeParse(body);
    if (!parsed.success) {
      // Show the form again with the error announced; a broken SAMLRequest gets the error page.
      return c.html(
        showSignIn(
          String(body.SAMLRequest ?? ""),
          String(body.RelayState ?? ""),
          "post",
          "Enter the test account's email address.",
        ),
        400,
      );
    }
    const form = parsed.data;
    const { request } = decodeAuthnRequest(form.SAMLRequest, "post");
    const account = { email: form.email.toLowerCase(), name: form.name || form.email.split("@")[0] || form.email };
    await accounts.remember(account);
    const { privateKey, certificate } = await keys();
    const { signedResponse } = await signing();
    const xml = signedResponse({
      account,
      inResponseTo: request.id,
      audience: request.issuer,
      acsUrl: request.acsUrl,
      privateKey,
      certificate,
    });
    return c.html(postResponsePage(request.acsUrl, Buffer.from(xml).toString("base64"), form.RelayState));
  });

  app.post("/cancel", async (c) => {
    const form = await c.req.parseBody();
    const { request } = decodeAuthnRequest(String(form.SAMLRequest ?? ""), "post");
    const { failedResponse } = await signing();
    const xml = failedResponse({ inResponseTo: request.id, acsUrl: request.acsUrl, ...(await keys()) });
    return c.html(postResponsePage(request.acsUrl, Buffer.from(xml).toString("base64"), String(form.RelayState ?? "")));
  });

  return { name: "saml-emulator", basePath: SAML_EMULATOR_BASE_PATH, app };
}
