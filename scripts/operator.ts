/**
 * npm run operator -- promote <email>   make the account an operator
 * npm run operator -- demote <email>    make it a supplier again
 * On PostgreSQL (DATABASE_URL) the change is made in the database directly; a signed-in user
 * gets the new role on their next request. On the embedded database, a running site holds the
 * data folder, so the command asks it over its operator socket and the change applies at once;
 * with no site running, the command opens the folder itself. A folder holding no site's database
 * is refused, so a mistyped DATA_DIR never gets an empty database of its own.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { loadConfig } from "../src/server/config";
import { keepNewFilesPrivate } from "../src/server/ops/private-data-dir";
import { openDatabase } from "../src/server/db/connect";
import { DataDirLockedError, lockHolder } from "../src/server/db/data-lock";
import { askRunningSite } from "../src/features/operator/server/operator-socket";
import { setRole, UnknownUserError, type Role, type RoleChange } from "../src/features/accounts/server/roles";

const USAGE = "Usage: npm run operator -- promote <email> | demote <email>";
const commands: Record<string, Role> = { promote: "operator", demote: "supplier" };

const [command, email, ...rest] = process.argv.slice(2);
const role = command ? commands[command] : undefined;
if (!role || !email || rest.length > 0) {
  console.error(USAGE);
  process.exit(1);
}

const config = loadConfig();
// What the embedded database writes here stays its owner's (decision 081).
keepNewFilesPrivate();
const dbDir = path.join(config.dataDir, "db");
// A mistyped DATA_DIR would otherwise get an empty database of its own, and the change be lost in it.
if (!config.databaseUrl && !existsSync(path.join(dbDir, "PG_VERSION"))) {
  console.error(
    `No site's database in ${path.resolve(dbDir)}: run the command with the DATA_DIR the site runs with (DATA_DIR=<folder> npm run operator -- ${command} <email>).`,
  );
  process.exit(1);
}

async function directly(): Promise<RoleChange> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: dbDir });
  try {
    await database.migrate();
    return await setRole(database.db, email!, role!);
  } finally {
    await database.close();
  }
}

async function change(): Promise<{ change: RoleChange; via?: number }> {
  if (config.databaseUrl) return { change: await directly() };
  const holder = lockHolder(dbDir);
  if (holder === undefined) {
    try {
      return { change: await directly() };
    } catch (error) {
      // The site started meanwhile: ask it instead.
      if (!(error instanceof DataDirLockedError)) throw error;
    }
  }
  const via = lockHolder(dbDir);
  try {
    return { change: await askRunningSite(config.dataDir, { email: email!, role: role! }), via };
  } catch (error) {
    if (error instanceof UnknownUserError) throw error;
    throw new Error(
      `The site (process ${via}) holds ${dbDir} but did not answer on its operator socket (${(error as Error).message}). Stop it, then run the command again.`,
      { cause: error },
    );
  }
}

const label = (r: Role) => (r === "operator" ? "an operator" : "a supplier");
try {
  const { change: done, via } = await change();
  const through = via ? ` (through the running site, process ${via}: in effect now)` : "";
  console.log(
    done.before === done.after
      ? `${done.name} <${done.email}> is already ${label(done.after)}; nothing changed${through}.`
      : `${done.name} <${done.email}> is now ${label(done.after)} (was ${label(done.before)})${through}.`,
  );
} catch (error) {
  if (error instanceof UnknownUserError) console.error(`${error.message}. Check the spelling, or ask the person to sign up first.`);
  else console.error((error as Error).message.replace(/\s*[\r\n]+\s*/g, " "));
  process.exitCode = 1;
}
