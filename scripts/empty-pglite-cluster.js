// `npm run db:empty-cluster`: the empty PGlite cluster every new embedded database starts from
// (app/db/empty-cluster/pglite.tar.gz). Run it again after upgrading @electric-sql/pglite.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";

const target = path.resolve(import.meta.dirname, "../app/db/empty-cluster/pglite.tar.gz");
const cluster = await PGlite.create();
const archive = await cluster.dumpDataDir("gzip");
await cluster.close();
writeFileSync(target, Buffer.from(await archive.arrayBuffer()));
console.log(`Cluster vazio do PGlite gravado em ${path.relative(process.cwd(), target)}`);
