import type { AuthRoute } from "../http/route.ts";
import { healthRoute } from "./health.ts";
import { logoutRoute } from "./logout.ts";
import { settingsRoute } from "./settings.ts";
import { signupRoute } from "./signup.ts";
import { tokenRoute } from "./token.ts";
import { userGetRoute } from "./user-get.ts";

/** Every `/auth/v1` endpoint the stack serves. */
export const authRoutes: readonly AuthRoute[] = [healthRoute, settingsRoute, signupRoute, tokenRoute, logoutRoute, userGetRoute];
