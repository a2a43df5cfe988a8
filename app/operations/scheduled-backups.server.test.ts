import { describe, expect, it } from "vitest";
import { archiveNameAt, isBackupDue } from "./scheduled-backups.server";

const HOUR = 60 * 60_000;
const DAILY = { everyMs: 24 * HOUR };
const now = new Date("2026-11-29T03:00:00Z");
const ago = (ms: number) => ({ createdAt: new Date(now.getTime() - ms) });

describe("isBackupDue", () => {
  it("is due at once when no backup was ever taken", () => {
    expect(isBackupDue({ success: null, failure: null }, DAILY, now)).toBe(true);
  });

  it("waits BACKUP_EVERY after the last that succeeded, on whichever instance, before any restart", () => {
    expect(isBackupDue({ success: ago(23 * HOUR), failure: null }, DAILY, now)).toBe(false);
    expect(isBackupDue({ success: ago(24 * HOUR), failure: null }, DAILY, now)).toBe(true);
  });

  it("tries a failed backup again after an hour, or after BACKUP_EVERY when shorter", () => {
    expect(isBackupDue({ success: ago(30 * HOUR), failure: ago(HOUR / 2) }, DAILY, now)).toBe(false);
    expect(isBackupDue({ success: ago(30 * HOUR), failure: ago(HOUR) }, DAILY, now)).toBe(true);
    expect(isBackupDue({ success: null, failure: ago(60_000) }, { everyMs: 30_000 }, now)).toBe(true);
  });
});

describe("archiveNameAt", () => {
  it("names an archive by its UTC time, in an order that sorts by it", () => {
    expect(archiveNameAt(now)).toBe("vitrine-2026-11-29T03-00-00Z.tar.gz");
    expect(archiveNameAt(new Date("2026-12-01T00:00:05.900Z"))).toBe("vitrine-2026-12-01T00-00-05Z.tar.gz");
  });
});
