/** Type generation that cannot go on, with a message for the person running it (no stack trace). */
export class TypegenError extends Error {
  override name = "TypegenError";
}
