import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import { UPLOADS_CACHE_CONTROL } from "../../app/storage/file-storage.server";
import {
  createProductWithPhoto,
  panelOverHttp,
  productPhotoOf,
  STORE_ADMIN_ENV,
} from "../support/admin-over-http";
import { startS3Server, type S3Fixture } from "../support/s3-server";
import { setUpTwoInstances } from "../support/started-store";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): two store processes, each with its own
// DATA_DIR, on one PostgreSQL database and one bucket, as several instances behind a balancer.

let s3: S3Fixture;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.remove());
const instances = setUpTwoInstances(() => ({ SEED_DEMO: "false", ...STORE_ADMIN_ENV, ...s3.env }));

it("serves on one instance the photo the admin uploaded through the other", async () => {
  const { first, second } = instances;
  const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#3a6" } })
    .png()
    .toBuffer();
  const id = await createProductWithPhoto(await panelOverHttp(first.url), "Fone Compartilhado", photo);
  const photoPath = await productPhotoOf(first.url, id);
  expect(await productPhotoOf(second.url, id)).toBe(photoPath);

  const fromFirst = await fetch(`${first.url}${photoPath}`);
  const fromSecond = await fetch(`${second.url}${photoPath}`);
  expect(fromSecond.status).toBe(200);
  expect(fromSecond.headers.get("cache-control")).toBe(UPLOADS_CACHE_CONTROL);
  expect(fromSecond.headers.get("content-type")).toBe("image/webp");
  expect(Buffer.from(await fromSecond.arrayBuffer())).toEqual(Buffer.from(await fromFirst.arrayBuffer()));
});
