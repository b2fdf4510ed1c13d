// [storage.buckets.<name>]: the CLI's ValidateBucketName (pkg/config/config.go, after
// supabase/storage's limits.ts) and a shape check of allowed_mime_types.
import type { BaseConfig } from "../schema/config.ts";
import { formatKeyPath } from "../tables.ts";
import type { Findings } from "./findings.ts";

const bucketName = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

// The CLI passes allowed_mime_types to Storage unchecked, and Storage matches an upload's type
// against each entry split at "/" (the subtype may be "*"), so an entry without that shape can
// never match anything. We reject it here, where the mistake is cheap to fix.
const mimeType = /^[\w.+-]+\/(\*|[\w.+-]+)$/;

export function checkStorage(config: BaseConfig, findings: Findings): void {
  for (const [name, bucket] of Object.entries(config.storage.buckets)) {
    const key = formatKeyPath(["storage", "buckets", name]);
    if (!bucketName.test(name)) {
      findings.error(key, "is not a valid bucket name: use letters, digits, spaces and !-.*'()&$@=;:+,?_ only");
    }
    (bucket.allowed_mime_types ?? []).forEach((entry, index) => {
      if (!mimeType.test(entry)) {
        findings.error(
          `${key}.allowed_mime_types[${index}]`,
          `must be a MIME type such as "image/png" or "image/*" (got ${JSON.stringify(entry)})`,
        );
      }
    });
  }
}
