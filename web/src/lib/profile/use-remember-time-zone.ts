import { useEffect } from "react";
import { getSupabase } from "../supabase";

/**
 * Saves the browser's time zone as the person's (`profiles.time_zone`) when they have none yet, so
 * teammates see their local time without a visit to the account settings, where it can be changed.
 * Only a null zone is filled: a zone someone chose is never overwritten by the browser they use.
 */
export function useRememberTimeZone(userId: string) {
  useEffect(() => {
    if (!userId) return;
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    // Best effort: a zone PostgreSQL does not know is refused, and the person can pick one later.
    void getSupabase()
      .from("profiles")
      .update({ time_zone: zone })
      .eq("id", userId)
      .is("time_zone", null)
      .then(() => undefined);
  }, [userId]);
}
