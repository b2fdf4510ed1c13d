import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { getSupabase } from "../supabase";

/** A person's custom status as teammates see it (`public.user_statuses`). */
export type VisibleStatus = { emoji: string | null; text: string; doNotDisturb: boolean; expiresAt: Date | null };

/** Query keys of the statuses several features show and set (the user menu, account page, names). */
export const statusKeys = {
  all: ["user-statuses"] as const,
  visible: () => [...statusKeys.all, "visible"] as const,
};

/**
 * Every status the caller may see: their own and their teammates' (the select policies hide a
 * teammate's once `expires_at` passes, so an expired row never arrives from the server).
 */
export async function getVisibleStatuses(): Promise<ReadonlyMap<string, VisibleStatus>> {
  const { data, error } = await getSupabase()
    .from("user_statuses")
    .select("user_id, emoji, text, do_not_disturb, expires_at");
  if (error) throw error;
  return new Map(
    data.map((row) => [
      row.user_id,
      {
        emoji: row.emoji,
        text: row.text,
        doNotDisturb: row.do_not_disturb,
        expiresAt: row.expires_at ? new Date(row.expires_at) : null,
      },
    ]),
  );
}

/** Whether a status still holds at `now` (one without `expiresAt` holds until cleared). */
export function isCurrent(status: VisibleStatus, now: number): boolean {
  return status.expiresAt === null || status.expiresAt.getTime() > now;
}

/** The time now, renewed when the soonest of these expiries passes, so an expired status leaves the screen. */
function useNowUntilNextExpiry(statuses: ReadonlyMap<string, VisibleStatus> | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const next = Math.min(
      ...[...(statuses?.values() ?? [])]
        .map((status) => status.expiresAt?.getTime() ?? Infinity)
        .filter((time) => time > now),
    );
    if (!Number.isFinite(next)) return;
    // setTimeout's delay is a signed 32-bit number: a later expiry is checked again at the limit.
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [statuses, now]);
  return now;
}

/**
 * The current status of one person, or null when they have none or it has expired. All marks
 * share one query; it is refetched when it is a minute old and the window regains focus, so a
 * teammate's new status shows without a reload.
 */
export function usePersonStatus(userId: string | null | undefined): VisibleStatus | null {
  const statuses = useQuery({ queryKey: statusKeys.visible(), queryFn: getVisibleStatuses, staleTime: 60_000 });
  const now = useNowUntilNextExpiry(statuses.data);
  const status = userId ? statuses.data?.get(userId) : undefined;
  return status && isCurrent(status, now) ? status : null;
}
