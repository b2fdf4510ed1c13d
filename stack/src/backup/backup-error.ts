/** A backup or restore that cannot go on, with a message for the person running it (no stack trace). */
export class BackupError extends Error {
  override name = "BackupError";
}
