import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
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
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "../support/store-server";

// Runs only with TEST_DATABASE_URL (see vitest.config.ts): two store processes, each with its own
// DATA_DIR, on one PostgreSQL database and one bucket, as several instances behind a balancer.

let s3: S3Fixture;
let data: StoreData;
let otherDataDir: string;
let first: StoreServer;
let second: StoreServer;

beforeAll(async () => {
  s3 = await startS3Server();
  data = await createStoreData();
  otherDataDir = await mkdtemp(path.join(os.tmpdir(), "vitrine-test-"));
  const env = { SEED_DEMO: "false", ...STORE_ADMIN_ENV, ...s3.env };
  first = await startStoreServer(env, data);
  second = await startStoreServer({ ...env, DATA_DIR: otherDataDir }, data);
}, 360_000);

afterAll(async () => {
  await first?.stop();
  await second?.stop();
  await data?.remove();
  await rm(otherDataDir, { recursive: true, force: true });
  await s3?.remove();
});

it("serves on one instance the photo the admin uploaded through the other", async () => {
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
