/**
 * npm run admin -- promote <email>   make the account an operator
 * npm run admin -- demote <email>    make it a supplier again
 * Works on the configured database (DATABASE_URL, or the embedded one under DATA_DIR).
 */
import path from "node:path";
import { loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/connect";
import { setRole, UnknownUserError, type Role } from "../src/server/auth/roles";

const USAGE = "Usage: npm run admin -- promote <email> | demote <email>";
const commands: Record<string, Role> = { promote: "admin", demote: "supplier" };

const [command, email, ...rest] = process.argv.slice(2);
const role = command ? commands[command] : undefined;
if (!role || !email || rest.length > 0) {
  console.error(USAGE);
  process.exit(1);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, "db") });
let exitCode = 0;
try {
  await database.migrate();
  const change = await setRole(database.db, email, role);
  const label = (r: Role) => (r === "admin" ? "an operator" : "a supplier");
  console.log(
    change.before === change.after
      ? `${change.name} <${change.email}> is already ${label(change.after)}; nothing changed.`
      : `${change.name} <${change.email}> is now ${label(change.after)} (was ${label(change.before)}).`,
  );
} catch (error) {
  if (!(error instanceof UnknownUserError)) throw error;
  console.error(`${error.message}. Check the spelling, or ask the person to sign up first.`);
  exitCode = 1;
} finally {
  await database.close();
}
process.exitCode = exitCode;
