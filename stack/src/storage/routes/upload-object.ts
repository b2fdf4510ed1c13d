import type { Context } from "hono";
import type { GatewayEnv } from "../../gateway/index.ts";
import { requireCaller } from "../caller.ts";
import { bucketAndKey, requestFacts, type StorageContext } from "../context.ts";
import { uploadObject } from "../uploader.ts";

/** POST creates (upsert only with `x-upsert: true`); PUT (`update`) always upserts. */
export async function handleUpload(
  c: Context<GatewayEnv>,
  ctx: StorageContext,
  upsert: boolean,
  operation: string,
): Promise<Response> {
  const caller = requireCaller(c, "required");
  const [bucket, key] = bucketAndKey(c, 1);
  const written = await uploadObject(ctx, requestFacts(c, operation), c.req.raw, {
    bucket,
    key,
    upsert,
    caller,
    owner: caller,
  });
  return c.json({ Id: written.id, Key: `${bucket}/${key}` });
}
