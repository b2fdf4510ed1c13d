import type { PostgrestError } from "@supabase/supabase-js";

export type MemberChangeProblem = "forbidden" | "lastOwner" | "failed";

/** Why a role change or removal failed, in terms the page can translate. */
export class MemberChangeError extends Error {
  constructor(readonly problem: MemberChangeProblem) {
    super(`member change failed: ${problem}`);
    this.name = "MemberChangeError";
  }

  /** `P0001` is the keep-an-owner trigger; `42501` a refused write. */
  static from(error: PostgrestError): MemberChangeError {
    if (error.code === "P0001") return new MemberChangeError("lastOwner");
    if (error.code === "42501") return new MemberChangeError("forbidden");
    return new MemberChangeError("failed");
  }
}

/** Settles a write to one membership row: an error is translated, and no row back means RLS refused it. */
export function assertMemberChanged({ data, error }: { data: unknown[] | null; error: PostgrestError | null }): void {
  if (error) throw MemberChangeError.from(error);
  if (!data?.length) throw new MemberChangeError("forbidden");
}
