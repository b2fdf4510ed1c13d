import { HomePage } from "../../features/home/routes/home-page";
import { SignedInLanding } from "../../features/workspaces/routes/signed-in-landing";
import { useSession } from "../../lib/auth/auth-state";

/** `/:locale`: the welcome for someone signed out; for someone signed in, where they left off. */
export function StartPage() {
  return useSession() ? <SignedInLanding /> : <HomePage />;
}
