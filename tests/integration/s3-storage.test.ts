import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_DELETION_UNAVAILABLE } from "../../app/domain/accounts/personal-data.server";
import { STORAGE_UNAVAILABLE, UPLOADS_CACHE_CONTROL } from "../../app/storage/file-storage.server";
import {
  createProductWithPhoto,
  panelOverHttp,
  productForm,
  productPhotoOf,
  STORE_ADMIN_ENV,
} from "../support/admin-over-http";
import { cookieHeader, signUpCustomer } from "../support/accounts";
import { randomClientIp } from "../support/browser";
import { startS3Server, type S3Fixture } from "../support/s3-server";
import { metricSample, scrapeMetrics } from "../support/metrics";
import { createStoreData, startStoreServer, type StoreData, type StoreServer } from "../support/store-server";

// Photos in an S3-compatible bucket (s3rver on loopback), through started stores.

const root = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const METRICS_TOKEN = "token-de-metricas-do-bucket";

let s3: S3Fixture;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.remove());

/** A store on data of its own; stopped and removed after the test. */
async function withStore<T>(
  env: NodeJS.ProcessEnv,
  test: (store: StoreServer, data: StoreData) => Promise<T>,
) {
  const data = await createStoreData("migrated");
  try {
    const store = await startStoreServer({ SEED_DEMO: "false", ...STORE_ADMIN_ENV, ...env }, data);
    try {
      return await test(store, data);
    } finally {
      await store.stop();
    }
  } finally {
    await data.remove();
  }
}

/** A PNG of one colour: each test's photo is its own. */
function photo(red: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 64, channels: 3, background: { r: red, g: 90, b: 30 } } })
    .png()
    .toBuffer();
}

const bucketUrl = (photoPath: string) => `${s3.endpoint}/${s3.bucket}/${photoPath.slice("/uploads/".length)}`;

async function bytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

// Each test starts its own stores, on copies of the migrated template.
describe("photos in an S3 bucket", { timeout: 180_000 }, () => {
  it("serves a photo the admin uploaded from the bucket at its /uploads/ address, cached for good, and none of the bucket's other objects", async () => {
    const foreign = `${s3.endpoint}/${s3.bucket}/segredos/credenciais.txt`;
    expect((await fetch(foreign, { method: "PUT", body: "senha-do-banco" })).status).toBe(200);
    await withStore(s3.env, async (store, data) => {
      const panel = await panelOverHttp(store.url);
      const id = await createProductWithPhoto(panel, "Mouse no Bucket", await photo(200));
      const photoPath = await productPhotoOf(store.url, id);

      const served = await fetch(`${store.url}${photoPath}`);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe(UPLOADS_CACHE_CONTROL);
      const stored = await fetch(bucketUrl(photoPath));
      expect(await bytes(served)).toEqual(await bytes(stored));
      expect(existsSync(path.join(data.dataDir, "uploads"))).toBe(false);

      const again = await fetch(`${store.url}${photoPath}`, {
        headers: { "If-None-Match": served.headers.get("etag")! },
      });
      expect(again.status).toBe(304);
      expect((await fetch(`${store.url}/uploads/products/nao-existe.webp`)).status).toBe(404);

      expect(await (await fetch(foreign)).text()).toBe("senha-do-banco");
      const other = await fetch(`${store.url}/uploads/segredos/credenciais.txt`);
      expect(other.status).toBe(404);
      expect(await other.text()).not.toContain("senha-do-banco");
    });
  });

  it("redirects to the bucket's public address when S3_PUBLIC_URL is set", async () => {
    const publicUrl = `${s3.endpoint}/${s3.bucket}`;
    await withStore({ ...s3.env, S3_PUBLIC_URL: publicUrl }, async (store) => {
      const panel = await panelOverHttp(store.url);
      const id = await createProductWithPhoto(panel, "Teclado no Bucket", await photo(150));
      const photoPath = await productPhotoOf(store.url, id);

      const answer = await fetch(`${store.url}${photoPath}`, { redirect: "manual" });
      expect(answer.status).toBe(302);
      expect(answer.headers.get("location")).toBe(bucketUrl(photoPath));
      const followed = await fetch(`${store.url}${photoPath}`);
      expect(followed.status).toBe(200);
      expect(followed.headers.get("cache-control")).toBe(UPLOADS_CACHE_CONTROL);
      expect(followed.headers.get("content-type")).toBe("image/webp");
    });
  });

  it("does not start with a wrong secret key, and says which variable in one line", async () => {
    const data = await createStoreData("migrated");
    try {
      const refusal = await startStoreServer(
        { ...s3.env, S3_SECRET_ACCESS_KEY: "segredo-errado" },
        data,
      ).then(
        async (store) => {
          await store.stop();
          return "a loja partiu";
        },
        (error: Error) => error.message,
      );
      const [, ...output] = refusal.trimEnd().split("\n");
      expect(output).toEqual([
        "Configuração inválida: S3_SECRET_ACCESS_KEY não confere com S3_ACCESS_KEY_ID (assinatura recusada)",
      ]);
    } finally {
      await data.remove();
    }
  });

  it("keeps the earlier photos (a product's, a profile's) and the account when the bucket is down, with a message in Portuguese", async () => {
    const bucket = await startS3Server();
    try {
      await withStore({ ...bucket.env, METRICS_TOKEN }, async (store) => {
        const panel = await panelOverHttp(store.url);
        const id = await createProductWithPhoto(panel, "Monitor no Bucket", await photo(100));
        const earlier = await productPhotoOf(store.url, id);

        const customer = await signUpCustomer(store.url);
        const postAvatar = async (image: Buffer) => {
          const form = new FormData();
          form.append("intent", "avatar");
          form.append("avatar", new File([new Uint8Array(image)], "eu.png", { type: "image/png" }));
          const answer = await fetch(`${store.url}/account/profile.data`, {
            method: "POST",
            body: form,
            headers: {
              cookie: cookieHeader(customer),
              Origin: store.url,
              "X-Forwarded-For": randomClientIp(),
            },
          });
          return answer.text();
        };
        const avatarOf = async () => {
          const profile = await fetch(`${store.url}/account/profile`, {
            headers: { cookie: cookieHeader(customer) },
          });
          return /\/uploads\/avatars\/[\w-]+\/avatar\.webp\?v=\d+/.exec(await profile.text())?.[0];
        };
        await postAvatar(await photo(10));
        const earlierAvatar = await avatarOf();
        expect(earlierAvatar).toBeDefined();
        const earlierAvatarBytes = await bytes(await fetch(`${store.url}${earlierAvatar}`));

        await bucket.stop();
        expect(await postAvatar(await photo(240))).toContain(STORAGE_UNAVAILABLE);
        // Nor is the account deleted while its photo cannot be: it stays whole, signed in.
        const deletion = await fetch(`${store.url}/account/settings.data`, {
          method: "POST",
          body: new URLSearchParams({ intent: "delete-account", password: customer.password }),
          headers: { cookie: cookieHeader(customer), Origin: store.url, "X-Forwarded-For": randomClientIp() },
        });
        expect(await deletion.text()).toContain(ACCOUNT_DELETION_UNAVAILABLE);
        const edit = await panel.post(
          `/admin/products/${id}.data`,
          productForm(
            { intent: "update", name: "Monitor no Bucket", price: "10,00", category: "Teste", stock: "1" },
            await photo(50),
          ),
        );
        expect(await edit.text()).toContain(STORAGE_UNAVAILABLE);
        // Each failure is counted for the shop's monitoring: the avatar's and the product photo's.
        const metrics = await scrapeMetrics(store.url, METRICS_TOKEN);
        expect(metricSample(metrics, 'vitrine_storage_errors_total{operation="put"}')).toBe(2);
        await bucket.start();

        expect(await productPhotoOf(store.url, id)).toBe(earlier);
        expect((await fetch(`${store.url}${earlier}`)).status).toBe(200);
        expect(await avatarOf()).toBe(earlierAvatar);
        expect(await bytes(await fetch(`${store.url}${earlierAvatar}`))).toEqual(earlierAvatarBytes);
      });
    } finally {
      await bucket.remove();
    }
  });

  it("copies the photos of a store's disk into the bucket with npm run storage:migrate", async () => {
    const data = await createStoreData("migrated");
    try {
      const local = await startStoreServer({ SEED_DEMO: "false", ...STORE_ADMIN_ENV }, data);
      const id = await createProductWithPhoto(
        await panelOverHttp(local.url),
        "Cabo no Disco",
        await photo(20),
      );
      const photoPath = await productPhotoOf(local.url, id);
      await local.stop();
      const onDisk = await readFile(path.join(data.dataDir, photoPath));

      const migrate = (env: NodeJS.ProcessEnv) =>
        run("npm", ["run", "--silent", "storage:migrate"], {
          cwd: root,
          env: { ...process.env, ...data.env, DATA_DIR: data.dataDir, ...env },
        }).then(
          ({ stdout }) => stdout.trim(),
          (error: { stderr: string; code: number }) => ({ code: error.code, stderr: error.stderr.trim() }),
        );
      expect(await migrate({})).toEqual({
        code: 1,
        stderr:
          "storage:migrate copia DATA_DIR/uploads para um bucket: defina STORAGE=s3 e as variáveis S3_* (veja o README).",
      });
      const uploads = path.join(data.dataDir, "uploads");
      expect(await migrate(s3.env)).toBe(
        `Arquivos em ${uploads}: 2; copiados para o bucket ${s3.bucket}: 2; já estavam lá: 0; ignorados: 0.`,
      );
      expect(await migrate(s3.env)).toBe(
        `Arquivos em ${uploads}: 2; copiados para o bucket ${s3.bucket}: 0; já estavam lá: 2; ignorados: 0.`,
      );

      const switched = await startStoreServer({ SEED_DEMO: "false", ...s3.env }, data);
      try {
        const served = await fetch(`${switched.url}${photoPath}`);
        expect(served.status).toBe(200);
        expect(await bytes(served)).toEqual(onDisk);
      } finally {
        await switched.stop();
      }
    } finally {
      await data.remove();
    }
  });
});
