import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorageStack, type StorageTestStack } from "./storage-stack.ts";

let t: StorageTestStack;
beforeAll(async () => {
  t = await startStorageStack();
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
  const { error } = await t.service.storage.from("avatars").upload("photo.png", png, { contentType: "image/png" });
  if (error) throw error;
});
afterAll(async () => {
  await t?.close();
});

const size = async (blob: Blob | Response | null | undefined) => {
  const meta = await sharp(Buffer.from(await (blob as Blob).arrayBuffer())).metadata();
  return [meta.width, meta.height, meta.format];
};

describe("image transformation", () => {
  it("resizes on download({ transform }) with cover, contain and fill", async () => {
    const files = t.service.storage.from("avatars");
    expect(await size((await files.download("photo.png", { transform: { width: 100, height: 100 } })).data)).toEqual([
      100,
      100,
      "png",
    ]);
    expect(
      await size(
        (await files.download("photo.png", { transform: { width: 100, height: 100, resize: "contain" } })).data,
      ),
    ).toEqual([100, 75, "png"]);
    expect(
      await size((await files.download("photo.png", { transform: { width: 100, height: 100, resize: "fill" } })).data),
    ).toEqual([100, 100, "png"]);
    expect(await size((await files.download("photo.png", { transform: { width: 200 } })).data)).toEqual([
      200,
      150,
      "png",
    ]);
  });

  it("serves public render URLs with X-Transformations, and WebP when asked or accepted", async () => {
    const url = t.anon.storage
      .from("avatars")
      .getPublicUrl("photo.png", { transform: { width: 50, height: 40, resize: "fill", quality: 60 } }).data.publicUrl;
    expect(url).toContain("/render/image/public/avatars/photo.png?width=50&height=40&resize=fill&quality=60");
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-transformations")).toBe("height:40,width:50,resizing_type:force,quality:60");
    expect(await size(response)).toEqual([50, 40, "png"]);
    const accepted = await fetch(url, { headers: { accept: "image/webp,*/*" } });
    expect(accepted.headers.get("content-type")).toBe("image/webp");
    const origin = await fetch(`${url}&format=origin`, { headers: { accept: "image/webp" } });
    expect(origin.headers.get("content-type")).toBe("image/png");
  });

  it("takes a signed render URL's transformations from the token only", async () => {
    const { data } = await t.service.storage
      .from("avatars")
      .createSignedUrl("photo.png", 60, { transform: { width: 80, height: 60 } });
    expect(data?.signedUrl).toContain("/render/image/sign/avatars/photo.png?token=");
    expect(await size(await fetch(`${data?.signedUrl}&width=300`))).toEqual([80, 60, "png"]);
  });

  it("answers with the transformed image's own Content-Type and a Content-Length", async () => {
    const jpeg = await sharp({ create: { width: 120, height: 90, channels: 3, background: { r: 10, g: 90, b: 200 } } })
      .jpeg()
      .toBuffer();
    const upload = await t.service.storage
      .from("avatars")
      .upload("mislabelled.png", jpeg, { contentType: "image/png" });
    expect(upload.error).toBeNull();
    const url = t.anon.storage.from("avatars").getPublicUrl("mislabelled.png", { transform: { width: 60 } })
      .data.publicUrl;

    const plain = await fetch(url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-type")).toBe("image/jpeg");
    const plainBytes = Buffer.from(await plain.arrayBuffer());
    expect(plain.headers.get("content-length")).toBe(String(plainBytes.length));
    expect((await sharp(plainBytes).metadata()).format).toBe("jpeg");

    const webp = await fetch(url, { headers: { accept: "image/avif,image/webp,*/*" } });
    expect(webp.headers.get("content-type")).toBe("image/webp");
    const webpBytes = Buffer.from(await webp.arrayBuffer());
    expect(webp.headers.get("content-length")).toBe(String(webpBytes.length));
    expect((await sharp(webpBytes).metadata()).format).toBe("webp");

    const avif = await fetch(`${url}&format=avif`);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("content-length")).toBe(String((await avif.arrayBuffer()).byteLength));
  });

  it("rejects out-of-range parameters", async () => {
    const response = await fetch(`${t.url}/storage/v1/render/image/public/avatars/photo.png?quality=5`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: "400", code: "InvalidRequest" });
  });
});
