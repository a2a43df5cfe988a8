// After `react-router build` (scripts/build.js, given the new build's assets folder): a Brotli
// (quality 11) and a gzip (level 9) copy of each text asset, made once here, so the server sends
// the smallest encoding without compressing per request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assets = process.argv[2];
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

let files = 0;
for (const name of readdirSync(assets)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(assets, name);
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  files += 1;
}
console.log(`Compressed ${files} assets (br, gz)`);
