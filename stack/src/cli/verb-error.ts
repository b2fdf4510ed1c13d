/** A verb that cannot do what was asked for a reason the user can fix: printed as one line, exit 1. */
export class VerbError extends Error {
  override name = "VerbError";
}
