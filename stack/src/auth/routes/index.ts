import type { AuthRoute } from "../http/route.ts";
import { adminUserDeleteRoute } from "./admin-user-delete.ts";
import { adminUserFactorUpdateRoute } from "./admin-user-factor-update.ts";
import { adminUserFactorDeleteRoute, adminUserFactorsListRoute } from "./admin-user-factors.ts";
import { adminUserGetRoute } from "./admin-user-get.ts";
import { adminUserPasskeyDeleteRoute, adminUserPasskeysListRoute } from "./admin-user-passkeys.ts";
import { adminUserUpdateRoute } from "./admin-user-update.ts";
import { adminUsersCreateRoute } from "./admin-users-create.ts";
import { adminUsersListRoute } from "./admin-users-list.ts";
import { adminSsoProviderDeleteRoute } from "./admin-sso-provider-delete.ts";
import { adminSsoProviderGetRoute } from "./admin-sso-provider-get.ts";
import { adminSsoProviderUpdateRoute } from "./admin-sso-provider-update.ts";
import { adminSsoProvidersCreateRoute } from "./admin-sso-providers-create.ts";
import { adminSsoProvidersListRoute } from "./admin-sso-providers-list.ts";
import { authorizeRoute } from "./authorize.ts";
import { callbackGetRoute, callbackPostRoute } from "./callback.ts";
import { oauthServerRoutes } from "../oauth-server/routes.ts";
import { factorChallengeRoute } from "./factor-challenge.ts";
import { factorUnenrollRoute } from "./factor-unenroll.ts";
import { factorVerifyRoute } from "./factor-verify.ts";
import { factorsEnrollRoute } from "./factors-enroll.ts";
import { generateLinkRoute } from "./generate-link.ts";
import { inviteRoute } from "./invite.ts";
import { healthRoute } from "./health.ts";
import { logoutRoute } from "./logout.ts";
import { magicLinkRoute } from "./magiclink.ts";
import { otpRoute } from "./otp.ts";
import { passkeyDeleteRoute } from "./passkey-delete.ts";
import { passkeyUpdateRoute } from "./passkey-update.ts";
import { passkeysAuthenticationOptionsRoute } from "./passkeys-authentication-options.ts";
import { passkeysAuthenticationVerifyRoute } from "./passkeys-authentication-verify.ts";
import { passkeysListRoute } from "./passkeys-list.ts";
import { passkeysRegistrationOptionsRoute } from "./passkeys-registration-options.ts";
import { passkeysRegistrationVerifyRoute } from "./passkeys-registration-verify.ts";
import { reauthenticateRoute } from "./reauthenticate.ts";
import { recoverRoute } from "./recover.ts";
import { resendRoute } from "./resend.ts";
import { settingsRoute } from "./settings.ts";
import { signupRoute } from "./signup.ts";
import { ssoRoute } from "./sso.ts";
import { ssoSamlAcsRoute } from "./sso-saml-acs.ts";
import { ssoSamlMetadataRoute } from "./sso-saml-metadata.ts";
import { tokenRoute } from "./token.ts";
import { userGetRoute } from "./user-get.ts";
import { userPutRoute } from "./user-put.ts";
import { verifyGetRoute } from "./verify-get.ts";
import { userIdentitiesAuthorizeRoute } from "./user-identities-authorize.ts";
import { userIdentityDeleteRoute } from "./user-identity-delete.ts";
import { verifyPostRoute } from "./verify-post.ts";

/** Every `/auth/v1` endpoint the stack serves. */
export const authRoutes: readonly AuthRoute[] = [
  healthRoute,
  settingsRoute,
  signupRoute,
  tokenRoute,
  otpRoute,
  magicLinkRoute,
  verifyGetRoute,
  verifyPostRoute,
  recoverRoute,
  resendRoute,
  reauthenticateRoute,
  userGetRoute,
  userPutRoute,
  logoutRoute,
  factorsEnrollRoute,
  factorChallengeRoute,
  factorVerifyRoute,
  factorUnenrollRoute,
  passkeysRegistrationOptionsRoute,
  passkeysRegistrationVerifyRoute,
  passkeysAuthenticationOptionsRoute,
  passkeysAuthenticationVerifyRoute,
  passkeysListRoute,
  passkeyUpdateRoute,
  passkeyDeleteRoute,
  adminUsersListRoute,
  adminUsersCreateRoute,
  adminUserGetRoute,
  adminUserUpdateRoute,
  adminUserDeleteRoute,
  adminUserFactorsListRoute,
  adminUserFactorDeleteRoute,
  adminUserFactorUpdateRoute,
  adminUserPasskeysListRoute,
  adminUserPasskeyDeleteRoute,
  inviteRoute,
  generateLinkRoute,
  ssoRoute,
  ssoSamlMetadataRoute,
  ssoSamlAcsRoute,
  adminSsoProvidersListRoute,
  adminSsoProvidersCreateRoute,
  adminSsoProviderGetRoute,
  adminSsoProviderUpdateRoute,
  adminSsoProviderDeleteRoute,
  authorizeRoute,
  callbackGetRoute,
  callbackPostRoute,
  userIdentitiesAuthorizeRoute,
  userIdentityDeleteRoute,
  ...oauthServerRoutes,
];
