import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Outcome } from "../lib/outcome";
import { list } from "tar";
import { z } from "../lib/zod";

/** The first entry of every backup archive: what it is and what it holds. */
export const MANIFEST_NAME = "vitrine-backup.json";
export const BACKUP_FORMAT = "vitrine-backup";
/**
 * Raised when the archive's layout changes in a way an older restore would misread. Version 2
 * added `parts`, which a restore checks; archives of version 1 are still restored without it.
 */
export const BACKUP_VERSION = 2;
/** Where each part lives inside the archive. */
export const ARCHIVE_PARTS = {
  pglite: "pglite",
  postgres: "postgres.dump",
  uploads: "uploads",
  authSecret: "auth-secret",
} as const;

/** A migration as drizzle records it (`AppliedMigration`). */
const migrationSchema = z.object({ tag: z.string(), createdAt: z.number().int() });

/** What a part of the archive holds, written by the backup and checked after unpacking it. */
const partDigestSchema = z.object({
  files: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  /** SHA-256 of every directory's and file's path, and every file's size and SHA-256, in order. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type PartDigest = z.infer<typeof partDigestSchema>;

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.iso.datetime(),
  driver: z.enum(["pglite", "postgres"]),
  /** The schema's last migration when the backup was made; null for a database never migrated. */
  migration: migrationSchema.nullable(),
  contents: z.object({
    database: z.string(),
    uploads: z.boolean(),
    /** The secret the store generated for its sessions and two-factor keys (`DATA_DIR/auth-secret`). */
    authSecret: z.boolean().default(false),
  }),
  /** Each part's digest, by its name in the archive (from version 2). */
  parts: z.record(z.string(), partDigestSchema).optional(),
});
export type BackupManifest = z.infer<typeof manifestSchema>;

/** The parts an archive holds: the database's, and the photos' and the secret when it has them. */
export function partsOf(contents: BackupManifest["contents"]): string[] {
  return [
    contents.database,
    ...(contents.uploads ? [ARCHIVE_PARTS.uploads] : []),
    ...(contents.authSecret ? [ARCHIVE_PARTS.authSecret] : []),
  ];
}

export type ManifestReading = Outcome<{ manifest: BackupManifest; entries: string[] }>;

/**
 * Reads a backup's manifest and the names of its entries without extracting anything: the whole
 * archive is read, so a truncated or corrupt file is refused here, before any data is touched.
 */
export async function readBackupManifest(file: string): Promise<ManifestReading> {
  const notABackup = { ok: false as const, message: `O arquivo ${file} não é um backup da Vitrine.` };
  const entries: string[] = [];
  let unsafe: string | null = null;
  let manifestText: string | null = null;
  try {
    await list({
      file,
      strict: true,
      onReadEntry: (entry) => {
        entries.push(entry.path);
        unsafe ??= unsafeEntry(entry.path, entry.type);
        if (entries.length !== 1 || entry.path !== MANIFEST_NAME) return;
        const chunks: Buffer[] = [];
        entry.on("data", (chunk: Buffer) => chunks.push(chunk));
        entry.on("end", () => (manifestText = Buffer.concat(chunks).toString("utf8")));
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      return { ok: false, message: `O arquivo ${file} não existe.` };
    }
    return notABackup;
  }
  if (unsafe !== null)
    return { ok: false, message: `O arquivo ${file} não é um backup da Vitrine: ${unsafe}.` };
  if (manifestText === null) return notABackup;
  const raw = parseJson(manifestText);
  if (!z.object({ format: z.literal(BACKUP_FORMAT) }).safeParse(raw).success) return notABackup;
  const version = z.object({ version: z.number() }).safeParse(raw);
  if (version.success && version.data.version > BACKUP_VERSION) {
    return {
      ok: false,
      message: `O backup ${file} foi feito por uma versão mais nova da Vitrine (formato ${version.data.version}); atualize a Vitrine antes de restaurá-lo.`,
    };
  }
  const manifest = manifestSchema.safeParse(raw);
  if (!manifest.success) return notABackup;
  return { ok: true, manifest: manifest.data, entries };
}

/**
 * Why an entry could write outside the folder it is unpacked into, or somewhere else than itself
 * (a link); null for a plain file or directory with a relative path.
 */
function unsafeEntry(entry: string, type: string): string | null {
  const shown = JSON.stringify(entry);
  if (type !== "File" && type !== "Directory") return `a entrada ${shown} é um link ou arquivo especial`;
  if (path.isAbsolute(entry) || entry.split(/[\\/]/).includes("..")) {
    return `a entrada ${shown} aponta para fora da pasta de destino`;
  }
  return null;
}

/** The value `text` holds as JSON, or null when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The digest of the part `part` under `root` (a file, or a directory walked in name order; links
 * are followed), and its entries as paths relative to `root`, directories included, for an
 * archive to hold exactly what was digested. `skip` leaves out files that are not part of it yet.
 */
export async function digestPart(
  root: string,
  part: string,
  skip: (entry: string) => boolean = () => false,
): Promise<{ digest: PartDigest; entries: string[] }> {
  const hash = createHash("sha256");
  const entries: string[] = [];
  const digest = { files: 0, bytes: 0 };
  const visit = async (entry: string): Promise<void> => {
    const location = path.join(root, entry);
    const stats = await stat(location);
    if (stats.isDirectory()) {
      entries.push(entry);
      hash.update(`d ${JSON.stringify(entry)}\n`);
      for (const name of (await readdir(location)).sort()) {
        const child = `${entry}/${name}`;
        if (!skip(child)) await visit(child);
      }
    } else if (stats.isFile()) {
      entries.push(entry);
      digest.files += 1;
      digest.bytes += stats.size;
      hash.update(`f ${JSON.stringify(entry)} ${stats.size} ${await fileDigest(location)}\n`);
    }
  };
  await visit(part);
  return { digest: { ...digest, sha256: hash.digest("hex") }, entries };
}

async function fileDigest(file: string): Promise<string> {
  const hash = createHash("sha256");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}
