import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from "@supabase/functions-js";
import { getSupabase } from "../../../lib/supabase";

/** A workspace the person is the only owner of, which others still use (`sole_owner`). */
export type BlockingWorkspace = { id: string; slug: string; name: string };

/**
 * Why `delete-account` refused, in the function's own vocabulary (`supabase/README.md`):
 * `reauthentication_failed`, `reauthentication_required`, `sole_owner`, `not_authenticated`…;
 * `network` when no answer came back at all.
 */
export class DeleteAccountError extends Error {
  constructor(
    readonly code: string,
    readonly workspaces: BlockingWorkspace[] = [],
  ) {
    super(`delete-account failed: ${code}`);
    this.name = "DeleteAccountError";
  }
}

type FunctionErrorBody = { error?: { code?: unknown; details?: { workspaces?: unknown } } };

async function readFunctionError(response: Response): Promise<DeleteAccountError> {
  try {
    const body = (await response.json()) as FunctionErrorBody;
    const code = typeof body.error?.code === "string" ? body.error.code : "unknown";
    const workspaces = Array.isArray(body.error?.details?.workspaces)
      ? (body.error.details.workspaces as BlockingWorkspace[])
      : [];
    return new DeleteAccountError(code, workspaces);
  } catch {
    return new DeleteAccountError("unknown");
  }
}

/**
 * Deletes the signed-in person's account through the `delete-account` edge function, which
 * removes their data and auth user with the service role. `password` reauthenticates; without it
 * the function accepts only a sign-in from the last 10 minutes.
 *
 * @throws DeleteAccountError with the function's error code
 */
export async function deleteAccount(password: string | undefined): Promise<void> {
  const { error } = await getSupabase().functions.invoke("delete-account", {
    body: password ? { password } : {},
  });
  if (!error) return;
  if (error instanceof FunctionsHttpError && error.context instanceof Response)
    throw await readFunctionError(error.context);
  if (error instanceof FunctionsFetchError || error instanceof FunctionsRelayError)
    throw new DeleteAccountError("network");
  throw new DeleteAccountError("unknown");
}
