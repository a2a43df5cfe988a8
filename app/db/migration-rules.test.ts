import { describe, expect, it } from "vitest";
import { migrationProblems } from "./migration-rules";

const RELEASES = ["2026-11-28-63433c1"];

describe("the migrations' expand-and-contract rule", () => {
  it("lets a migration add tables, columns and indexes", () => {
    const sql = [
      'CREATE TABLE "order_refund_items" ("refund_id" uuid NOT NULL);',
      "--> statement-breakpoint",
      'ALTER TABLE "order_items" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;',
      "-- A comment may say that the old column will be dropped later: DROP COLUMN restock.",
    ].join("\n");
    expect(migrationProblems("0029_expand", sql, RELEASES)).toEqual([]);
  });

  it("refuses a drop, a rename or a change of type that names no release after which it is safe", () => {
    const sql = [
      'ALTER TABLE "order_refunds" DROP COLUMN "restock";--> statement-breakpoint',
      'ALTER TABLE "orders" RENAME COLUMN "pix_status" TO "charge_status";--> statement-breakpoint',
      'ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint',
      'DROP TABLE "payment_events";',
    ].join("\n");
    const problems = migrationProblems("0030_contract", sql, RELEASES);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toBe(
      'drizzle/0030_contract.sql: "ALTER TABLE "order_refunds" DROP COLUMN "restock"" tira ou muda o que a versão anterior lê; ' +
        "faça-o numa migração de uma versão seguinte, com '-- contrato: seguro depois da versão <data-commit>' (decisão 0034)",
    );
  });

  it("accepts the contract step that names a release with upgrade data, and no other", () => {
    const contract = 'ALTER TABLE "order_refunds" DROP COLUMN "restock";';
    const safe = `-- contrato: seguro depois da versão 2026-11-28-63433c1\n${contract}`;
    expect(migrationProblems("0031_contract", safe, RELEASES)).toEqual([]);
    const unknown = `-- contrato: seguro depois da versão 2026-12-01-abcdef0\n${contract}`;
    expect(migrationProblems("0031_contract", unknown, RELEASES)).toEqual([
      "drizzle/0031_contract.sql: a versão 2026-12-01-abcdef0 não tem dados em tests/fixtures/upgrade/; " +
        "gere-os com scripts/upgrade-fixtures/generate.sh (decisão 0034)",
    ]);
  });

  it("leaves alone the migrations written before the rule", () => {
    expect(
      migrationProblems("0020_product_variants", 'ALTER TABLE "products" DROP COLUMN "stock";', []),
    ).toEqual([]);
  });
});
