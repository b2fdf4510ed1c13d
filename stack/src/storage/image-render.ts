// Image transformation with sharp, standing in for upstream's imgproxy:
// cover = crop to fill, contain = fit inside, fill = stretch; WebP when the client accepts it and
// no format was asked for, `origin` keeps the source format.
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

/** MIME type of what sharp wrote: it names AVIF output "heif", and keeps the source's format otherwise. */
function imageContentType(written: string, requested: "webp" | "avif" | undefined): string {
  if (requested) return `image/${requested}`;
  if (written === "jpeg" || written === "jpg") return "image/jpeg";
  if (written === "svg") return "image/svg+xml";
  return `image/${written}`;
}

/**
 * Renders the transformed image in memory so it can be sent with its length;
 * headers as a download plus `X-Transformations`.
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
  // sharp (libvips) is loaded with the first transformation, not at start.
  const { default: sharp } = await import("sharp");
  let pipeline = sharp({ failOn: "none" }).rotate();
  if (options.width || options.height) {
    pipeline = pipeline.resize({ width: options.width, height: options.height, fit: FIT[options.resize ?? "cover"] });
  }
  const quality = options.quality;
  if (format === "webp") pipeline = pipeline.webp(quality ? { quality } : {});
  else if (format === "avif") pipeline = pipeline.avif(quality ? { quality } : {});
  else if (quality)
    pipeline = pipeline.jpeg({ quality, force: false }).png({ quality, force: false }).webp({ quality, force: false });

  const source = ctx.files.read(row.version);
  source.on("error", (error) => pipeline.destroy(error));
  source.pipe(pipeline);
  const rendered = await pipeline.toBuffer({ resolveWithObject: true }).catch((error: Error) => {
    // The bytes are not an image sharp can read: a storage error, as imgproxy's refusal is upstream.
    throw errors.invalidRequest(`Unable to transform the image: ${error.message}`, "InvalidRequest");
  });

  const headers = objectHeaders(row, {
    download: extra.download,
    ...(extra.expires ? { expires: extra.expires } : {}),
  });
  // The transformed image's own type and length, as imgproxy answers upstream — not the stored object's.
  headers.set("Content-Type", imageContentType(rendered.info.format, format));
  headers.set("Content-Length", String(rendered.data.length));
  const description = describeTransformations(options);
  if (description) headers.set("X-Transformations", description);
  return new Response(new Uint8Array(rendered.data), { status: 200, headers });
}
