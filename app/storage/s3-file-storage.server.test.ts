import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type S3Fixture } from "../../tests/support/s3-server";
import { ConfigError } from "../config/env.server";
import { StorageUnavailableError, UPLOADS_CACHE_CONTROL } from "./file-storage.server";
import { createS3FileStorage, type S3Settings } from "./s3-file-storage.server";

let s3: S3Fixture;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.remove());

function settings(overrides: Partial<S3Settings> = {}): S3Settings {
  return {
    S3_ENDPOINT: s3.endpoint,
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.env.S3_REGION!,
    S3_ACCESS_KEY_ID: s3.env.S3_ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: s3.env.S3_SECRET_ACCESS_KEY,
    S3_FORCE_PATH_STYLE: true,
    ...overrides,
  };
}

async function bytesOf(key: string) {
  const object = await createS3FileStorage(settings()).read(key);
  if (!object?.body) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return { ...object, bytes: Buffer.concat(chunks) };
}

async function configErrorOf(overrides: Partial<S3Settings>): Promise<string> {
  const error = await createS3FileStorage(settings(overrides))
    .verifyAccess()
    .then(
      () => null,
      (reason: unknown) => reason,
    );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).message;
}

describe("the S3 file storage", () => {
  it("stores a file under its /uploads/ path with its type and lasting cache, replaces and deletes it", async () => {
    const storage = createS3FileStorage(settings());
    const key = `products/teste-${Date.now()}.webp`;
    expect(await storage.put(key, new Uint8Array([1, 2, 3]))).toBe(`/uploads/${key}`);
    const stored = await bytesOf(key);
    expect(stored).toMatchObject({ status: 200, contentType: "image/webp", contentLength: 3 });
    expect([...stored!.bytes]).toEqual([1, 2, 3]);
    expect(await storage.read(key, stored!.etag)).toMatchObject({ status: 304 });

    await storage.put(key, new Uint8Array([4, 5]));
    expect([...(await bytesOf(key))!.bytes]).toEqual([4, 5]);

    await storage.delete(key);
    expect(await storage.read(key)).toBeNull();
    await storage.delete(key);
  });

  it("keeps the lasting cache with each object, for a bucket that serves them itself", async () => {
    const key = `avatars/u-${Date.now()}/avatar.webp`;
    await createS3FileStorage(settings()).put(key, new Uint8Array([9]));
    const response = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
    expect(response.headers.get("cache-control")).toBe(UPLOADS_CACHE_CONTROL);
    expect(response.headers.get("content-type")).toBe("image/webp");
  });

  it("names the variable to fix when the bucket refuses or cannot be reached", async () => {
    await expect(createS3FileStorage(settings()).verifyAccess()).resolves.toBeUndefined();
    expect(await configErrorOf({ S3_SECRET_ACCESS_KEY: "errada" })).toMatch(
      /^Configuração inválida: S3_SECRET_ACCESS_KEY /,
    );
    expect(await configErrorOf({ S3_ACCESS_KEY_ID: "OUTRA" })).toMatch(
      /^Configuração inválida: S3_ACCESS_KEY_ID /,
    );
    expect(await configErrorOf({ S3_BUCKET: "nao-existe" })).toBe(
      `Configuração inválida: S3_BUCKET não existe em ${s3.endpoint}: nao-existe`,
    );
    const closed = await startS3Server();
    await closed.remove();
    expect(await configErrorOf({ S3_ENDPOINT: closed.endpoint })).toBe(
      `Configuração inválida: S3_ENDPOINT não respondeu: ${closed.endpoint} (ECONNREFUSED)`,
    );
  });

  it("refuses an upload while the bucket is down, and keeps the earlier file", async () => {
    const bucket = await startS3Server();
    try {
      const storage = createS3FileStorage(
        settings({ S3_ENDPOINT: bucket.endpoint, S3_BUCKET: bucket.bucket }),
      );
      const key = `avatars/u-${Date.now()}/avatar.webp`;
      await storage.put(key, new Uint8Array([1]));
      await bucket.stop();
      await expect(storage.put(key, new Uint8Array([2]))).rejects.toBeInstanceOf(StorageUnavailableError);
      await bucket.start();
      const kept = await storage.read(key);
      expect(kept).toMatchObject({ contentLength: 1 });
      kept!.body!.destroy();
    } finally {
      await bucket.remove();
    }
  });
});
