// `npm run admin -- promote EMAIL` and `npm run admin -- demote EMAIL`, on the configured database.
// With the embedded database, stop the store first: PGlite allows one process per data directory
// (a lock file says so when the store runs).
import { parseArgs } from "node:util";
import "./load-dotenv.js";
import { loadEnv } from "../app/config/env.server";
import {
  demoteAdmin,
  promoteToAdmin,
  type DemoteResult,
  type PromoteResult,
} from "../app/domain/accounts/admin-account.server";
import { openConfiguredDatabase } from "./configured-database";

const { positionals } = parseArgs({ allowPositionals: true });
const [command, email] = positionals;
if ((command !== "promote" && command !== "demote") || !email || positionals.length !== 2) {
  console.error("Uso: npm run admin -- promote EMAIL | demote EMAIL");
  process.exit(2);
}

/** What each result tells the owner, and whether it is a failure (non-zero exit). */
const answers: Record<PromoteResult | DemoteResult, { text: string; failed: boolean }> = {
  promoted: { text: "Pronto: a conta agora é administradora.", failed: false },
  "already-admin": { text: "A conta já é administradora; nada mudou.", failed: false },
  demoted: { text: "Pronto: a conta deixou de ser administradora e agora é cliente.", failed: false },
  "not-admin": { text: "A conta não é administradora; nada mudou.", failed: false },
  "last-admin": {
    text: "Esta é a única conta administradora; promova outra antes de rebaixar esta.",
    failed: true,
  },
  "no-account": { text: "Nenhuma conta com esse e-mail. Cadastre a conta na loja primeiro.", failed: true },
};

const env = loadEnv();
const database = await openConfiguredDatabase(env);
try {
  await database.migrate();
  const result =
    command === "promote" ? await promoteToAdmin(database.db, email) : await demoteAdmin(database.db, email);
  const answer = answers[result];
  if (answer.failed) {
    console.error(answer.text);
    process.exitCode = 1;
  } else {
    console.log(answer.text);
  }
} finally {
  await database.close();
}
