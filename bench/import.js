// `npm run bench:import`: 10,000 CSV rows (BENCH_ROWS) imported by `npm run products -- import`
// into a fresh embedded database (PGlite): 2,000 products of 5 variants, as a retailer's first
// import; then the same file again, every row an unchanged update. Prints the seconds of each
// run of the command (its start, migrations check and file reading included). Target: under 60 s.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const VARIANTS = 5;
const COLOURS = ["Preto", "Branco", "Azul", "Verde", "Rosa"];
const HEADER =
  "handle;nome;descricao;categoria;marca;opcao1_nome;opcao1_valor;opcao2_nome;opcao2_valor;opcao3_nome;opcao3_valor;sku;preco;preco_de;estoque;ativo;gtin;imagens;especificacoes";

function csvRows() {
  const lines = [HEADER];
  for (let row = 0; row < ROWS; row++) {
    const product = Math.floor(row / VARIANTS);
    const colour = COLOURS[row % VARIANTS];
    lines.push(
      [
        `produto-${product}`,
        `Produto de teste ${product}`,
        `Descrição do produto ${product}, com acentuação.`,
        `Categoria ${product % 20}`,
        `Marca ${product % 50}`,
        "Cor",
        colour,
        "",
        "",
        "",
        "",
        `BENCH-${product}-${colour.toUpperCase()}`,
        `${100 + (product % 900)},90`,
        product % 3 === 0 ? `${1200 + (product % 900)},00` : "",
        String(row % 17),
        "sim",
        "",
        "",
        "Tela: 6,1 polegadas | Memória: 8 GB",
      ].join(";"),
    );
  }
  return `${lines.join("\r\n")}\r\n`;
}

const folder = mkdtempSync(path.join(os.tmpdir(), "vitrine-bench-import-"));
const file = path.join(folder, "produtos.csv");
writeFileSync(file, csvRows());

function importSeconds(label) {
  const started = performance.now();
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/products.ts", "import", file], {
    cwd: root,
    env: { ...process.env, DATA_DIR: path.join(folder, "data"), STORAGE: "local", LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  const seconds = (performance.now() - started) / 1000;
  if (result.status !== 0) throw new Error(`${label} falhou:\n${result.stdout}\n${result.stderr}`);
  console.log(`${label}: ${seconds.toFixed(1)} s — ${result.stdout.trim()}`);
  return seconds;
}

try {
  // The database is created and migrated before the clock starts: that is not the import.
  const created = spawnSync(
    process.execPath,
    ["--import", "tsx", "scripts/products.ts", "export", path.join(folder, "vazio.csv")],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: path.join(folder, "data"), STORAGE: "local", LOG_LEVEL: "silent" },
    },
  );
  if (created.status !== 0) throw new Error(`o banco não foi criado:\n${created.stderr}`);
  console.log(`${ROWS} linhas, ${ROWS / VARIANTS} produtos de ${VARIANTS} variantes (PGlite)`);
  const first = importSeconds("importação (produtos novos)");
  const again = importSeconds("mesma importação de novo (nada muda)");
  const slowest = Math.max(first, again);
  console.log(slowest < 60 ? "OK: abaixo de 60 s" : "ACIMA de 60 s");
  process.exitCode = slowest < 60 ? 0 : 1;
} finally {
  rmSync(folder, { recursive: true, force: true });
}
