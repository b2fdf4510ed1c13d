// Image transformation with sharp, standing in for upstream's imgproxy:
// cover = crop to fill, contain = fit inside, fill = stretch; WebP when the client accepts it and
// no format was asked for, `origin` keeps the source format.
import sharp from "sharp";
import { Readable } from "node:stream";
import type { StorageContext } from "./context.ts";
import { errors } from "./errors.ts";
import { describeTransformations, type TransformOptions } from "./image-options.ts";
import type { ObjectRow } from "./objects.ts";
import { objectHeaders } from "./object-response.ts";

const FIT = { cover: "cover", contain: "inside", fill: "fill" } as const;

function outputFormat(options: TransformOptions, accept: string | null): "webp" | "avif" | undefined {
  if (options.format === "webp" || options.format === "avif") return options.format;
  if (options.format === "origin") return undefined;
  return accept?.includes("image/webp") ? "webp" : undefined;
}

/**
 * Streams the transformed image; headers as a download plus `X-Transformations`.
 * @example return renderImage(ctx, row, { width: 200 }, c.req.raw.headers, undefined);
 */
export async function renderImage(
  ctx: StorageContext,
  row: ObjectRow,
  options: TransformOptions,
  request: Headers,
  extra: { download?: string | undefined; expires?: Date | undefined },
): Promise<Response> {
  if (!row.version || (await ctx.files.size(row.version)) === undefined) throw errors.fileMissing();
  const format = outputFormat(options, request.get("accept"));
  let pipeline = sharp({ failOn: "none" }).rotate();
  if (options.width || options.height) {
    pipeline = pipeline.resize({ width: options.width, height: options.height, fit: FIT[options.resize ?? "cover"] });
  }
  const quality = options.quality;
  if (format === "webp") pipeline = pipeline.webp(quality ? { quality } : {});
  else if (format === "avif") pipeline = pipeline.avif(quality ? { quality } : {});
  else if (quality)
    pipeline = pipeline.jpeg({ quality, force: false }).png({ quality, force: false }).webp({ quality, force: false });

  const headers = objectHeaders(row, {
    download: extra.download,
    ...(extra.expires ? { expires: extra.expires } : {}),
  });
  if (format) headers.set("Content-Type", `image/${format}`);
  const description = describeTransformations(options);
  if (description) headers.set("X-Transformations", description);
  headers.delete("Content-Length");
  const source = ctx.files.read(row.version);
  source.on("error", (error) => pipeline.destroy(error));
  source.pipe(pipeline);
  // Fail early (as a storage error) when the bytes are not an image sharp can read.
  const output = await new Promise<Readable>((resolve, reject) => {
    pipeline.once("error", (error: Error) =>
      reject(errors.invalidRequest(`Unable to transform the image: ${error.message}`, "InvalidRequest")),
    );
    pipeline.once("readable", () => resolve(pipeline));
  });
  return new Response(Readable.toWeb(output) as unknown as ReadableStream<Uint8Array>, { status: 200, headers });
}
