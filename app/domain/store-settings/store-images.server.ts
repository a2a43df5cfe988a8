import { createHash } from "node:crypto";
import type { Sharp } from "sharp";
import type { Database } from "../../db/client.server";
import {
  STORAGE_UNAVAILABLE,
  StorageUnavailableError,
  type FileStorage,
} from "../../storage/file-storage.server";
import type { AdminActor } from "../audit/audit.server";
import { INVALID_IMAGE_FILE, PRODUCT_IMAGE_MAX_BYTES } from "../images/image-upload";
import { openImage, PHOTO_FORMATS } from "../images/open-image.server";
import type { SettingsVariables } from "./default-settings";
import { saveSettingsSection } from "./store-settings.server";
import type { Outcome } from "../../lib/outcome";

export type StoreImageOutcome = Outcome;

/** The logo is shown at most this wide and high (top bar, e-mails, JSON-LD), at twice its size. */
const LOGO_BOX = { width: 640, height: 320 };
/** One square icon serves as the favicon and as the apple-touch icon (which wants 180 px, opaque). */
const FAVICON_SIZE = 180;
const BANNER_WIDTH = 1920;

/**
 * A new logo, judged by its content and re-encoded like product photos (metadata and anything
 * beside the pixels dropped): a WebP that keeps its transparency, and the favicon made from it, a
 * square PNG on white. Both are stored before the section is saved: a refused or unstored image
 * changes nothing.
 */
export async function saveStoreLogo(
  db: Database,
  env: SettingsVariables,
  storage: FileStorage,
  actor: AdminActor,
  file: File,
): Promise<StoreImageOutcome> {
  const encoded = await reencodedUpload(file, async (image) => ({
    logo: await image
      .clone()
      .resize(LOGO_BOX.width, LOGO_BOX.height, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 90, alphaQuality: 100 })
      .toBuffer(),
    favicon: await image
      .resize(FAVICON_SIZE, FAVICON_SIZE, { fit: "contain", background: "#ffffff" })
      .flatten({ background: "#ffffff" })
      .png()
      .toBuffer(),
  }));
  if (!encoded) return { ok: false, message: INVALID_IMAGE_FILE };
  return storeThen(async () => {
    const logoUrl = await storeNamedByContent(storage, "logo", "webp", encoded.logo);
    const faviconUrl = await storeNamedByContent(storage, "favicon", "png", encoded.favicon);
    await saveSettingsSection(db, env, actor, "logo", { logoUrl, faviconUrl });
  });
}

/** The home page's banner: judged by its content, re-encoded as a WebP at most 1920 px wide. */
export async function saveStoreBanner(
  db: Database,
  env: SettingsVariables,
  storage: FileStorage,
  actor: AdminActor,
  file: File,
): Promise<StoreImageOutcome> {
  const banner = await reencodedUpload(file, (image) =>
    image.resize({ width: BANNER_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
  );
  if (!banner) return { ok: false, message: INVALID_IMAGE_FILE };
  return storeThen(async () => {
    const bannerUrl = await storeNamedByContent(storage, "banner", "webp", banner);
    await saveSettingsSection(db, env, actor, "banner", { bannerUrl });
  });
}

/** The upload judged by its content, then re-encoded by `encode`; null when it is no picture. */
async function reencodedUpload<T>(file: File, encode: (image: Sharp) => Promise<T>): Promise<T | null> {
  if (file.size === 0 || file.size > PRODUCT_IMAGE_MAX_BYTES) return null;
  const image = await openImage(Buffer.from(await file.arrayBuffer()), PHOTO_FORMATS);
  if (!image) return null;
  try {
    return await encode(image);
  } catch {
    return null;
  }
}

async function storeThen(store: () => Promise<void>): Promise<StoreImageOutcome> {
  try {
    await store();
    return { ok: true };
  } catch (error) {
    if (error instanceof StorageUnavailableError) return { ok: false, message: STORAGE_UNAVAILABLE };
    throw error;
  }
}

/**
 * Under a name that carries a content hash: the URL changes whenever the picture does, so it can
 * be cached forever, and a page still cached elsewhere keeps showing the earlier file, which
 * stays stored.
 */
function storeNamedByContent(storage: FileStorage, name: string, extension: string, bytes: Buffer) {
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  return storage.put(`store/${name}-${hash}.${extension}`, bytes);
}
