/**
 * Expand and contract (decision 0034): during a rolling deploy the previous release runs on the
 * schema the new one migrated, so a migration never drops or renames what that release reads, nor
 * changes a column's type under it. Such a step comes in a later release, once no running release
 * reads the old shape, and says after which release it is safe:
 *
 *   -- contrato: seguro depois da versão 2026-11-28-63433c1
 *
 * naming a release that has upgrade data in tests/fixtures/upgrade/ (so the upgrade test starts
 * today's store on what that release wrote).
 */

/** The statements that take away or reshape what a running release reads. */
const DESTRUCTIVE = [
  /\bDROP\s+TABLE\b/i,
  /\bDROP\s+COLUMN\b/i,
  /\bRENAME\s+(?:COLUMN\s+)?"?[\w.]+"?\s+TO\b/i,
  /\bRENAME\s+TO\b/i,
  /\bALTER\s+COLUMN\s+"?\w+"?\s+(?:SET\s+DATA\s+)?TYPE\b/i,
];

const SAFE_AFTER = /^--\s*contrato:\s*seguro depois da versão\s+(\S+)\s*$/m;

/**
 * Migrations written before the rule; each ran in a release that was deployed by stopping every
 * instance. Never add to this list.
 */
const MIGRATIONS_BEFORE_THE_RULE = new Set([
  "0015_money_in_64_bits",
  "0020_product_variants",
  "0023_orders_card_payments",
]);

/**
 * Why the migration `tag` (its SQL text) breaks the rule, in pt-BR, one line each; none when it
 * keeps it. `releases` are the releases with upgrade data (tests/fixtures/upgrade/ folder names).
 */
export function migrationProblems(tag: string, sql: string, releases: readonly string[]): string[] {
  if (MIGRATIONS_BEFORE_THE_RULE.has(tag)) return [];
  const statements = sql
    .split(/-->\s*statement-breakpoint|;/)
    .map((statement) =>
      statement
        .split("\n")
        .filter((line) => !line.trim().startsWith("--"))
        .join(" ")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter((statement) => DESTRUCTIVE.some((pattern) => pattern.test(statement)));
  if (statements.length === 0) return [];
  const release = SAFE_AFTER.exec(sql)?.[1];
  if (!release) {
    return statements.map(
      (statement) =>
        `drizzle/${tag}.sql: "${statement}" tira ou muda o que a versão anterior lê; ` +
        "faça-o numa migração de uma versão seguinte, com '-- contrato: seguro depois da versão <data-commit>' (decisão 0034)",
    );
  }
  if (!releases.includes(release)) {
    return [
      `drizzle/${tag}.sql: a versão ${release} não tem dados em tests/fixtures/upgrade/; ` +
        "gere-os com scripts/upgrade-fixtures/generate.sh (decisão 0034)",
    ];
  }
  return [];
}
