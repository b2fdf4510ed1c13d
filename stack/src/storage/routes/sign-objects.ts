import { z } from "zod";
import { requireCaller } from "../caller.ts";
import { requestFacts, type StorageRoute } from "../context.ts";
import { runAs } from "../db-scope.ts";
import { mustBeExpiresIn, signDownloadToken } from "../signing.ts";
import { jsonBody } from "../validation.ts";

const signBody = z.object({ expiresIn: z.unknown(), paths: z.array(z.string()).min(1).max(1000) });

/** `POST /object/sign/{bucket}` — createSignedUrls(): one entry per path, existence checked as the caller. */
export const signObjectsRoute: StorageRoute = {
  method: "POST",
  path: "/object/sign/:bucket",
  handler: async (c, ctx) => {
    const caller = requireCaller(c, "required");
    const bucket = c.req.param("bucket") ?? "";
    const body = await jsonBody(c, signBody);
    const expiresIn = mustBeExpiresIn(body.expiresIn);
    const visible = await runAs(
      ctx.db,
      caller,
      requestFacts(c, "storage.object.sign_many"),
      async (q) =>
        new Set(
          (
            await q.query<{ name: string }>(
              "select name from storage.objects where bucket_id = $1 and name = any($2)",
              [bucket, body.paths],
            )
          ).rows.map((r) => r.name),
        ),
    );
    const results = await Promise.all(
      body.paths.map(async (path) =>
        visible.has(path)
          ? {
              error: null,
              path,
              signedURL: `/object/sign/${bucket}/${path}?token=${await signDownloadToken(ctx, `${bucket}/${path}`, expiresIn)}`,
            }
          : { error: "Either the object does not exist or you do not have access to it", path, signedURL: null },
      ),
    );
    return c.json(results);
  },
};
