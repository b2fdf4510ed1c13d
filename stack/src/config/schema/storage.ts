// [storage] — buckets and objects. Keys and defaults: the CLI's pkg/config/storage.go and
// templates/config.toml. A bucket without its own file_size_limit inherits storage's, as the
// CLI's resolve step does.
import { z } from "zod";
import { bool, integer, namedSections, optionalSection, section, size, text, textList } from "./fields.ts";

/** Analytics and vector buckets: the CLI keeps only their names. */
const namedEmptyTables = () => z.record(z.string(), z.strictObject({})).default({});

export const storageSchema = section({
  enabled: bool().default(true),
  /** Bytes. */
  file_size_limit: size().default(50 * 1024 * 1024),
  image_transformation: optionalSection({
    enabled: bool().default(false),
  }),
  s3_protocol: section({
    enabled: bool().default(true),
  }),
  buckets: namedSections({
    /** Unset: created private, left as is when the bucket exists. */
    public: bool().optional(),
    /** Bytes; 0 or unset inherits storage.file_size_limit. */
    file_size_limit: size().default(0),
    /** Unset: any type. Each entry is "type/subtype" or "type/*". */
    allowed_mime_types: textList().optional(),
    /** Folder whose files are uploaded into the bucket; resolved against supabase/. */
    objects_path: text().default(""),
  }),
  analytics: section({
    enabled: bool().default(false),
    max_namespaces: integer().default(5),
    max_tables: integer().default(10),
    max_catalogs: integer().default(2),
    buckets: namedEmptyTables(),
  }),
  vector: section({
    enabled: bool().default(false),
    max_buckets: integer().default(10),
    max_indexes: integer().default(5),
    buckets: namedEmptyTables(),
  }),
}).transform((storage) => ({
  ...storage,
  buckets: Object.fromEntries(
    Object.entries(storage.buckets).map(([name, bucket]) => [
      name,
      { ...bucket, file_size_limit: bucket.file_size_limit || storage.file_size_limit },
    ]),
  ),
}));
