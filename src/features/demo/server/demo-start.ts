/**
 * The demo as a start meets it: written into an empty embedded database (PostgreSQL only when
 * SEED_DEMO asks), and said in plain lines for whoever runs the site for the first time.
 */
import type { Config } from "../../../server/config";
import type { DatabaseHandle } from "../../../server/db/connect";
import type { MediaStorage } from "../../media";
import { DEMO_PASSWORD, DEMO_SUPPLIERS, seedDemoData } from "./demo";

type Say = (line: string) => void;

/** Writes the demo when the configuration asks and the database has no biodata; answers how many helpers it wrote. */
export async function writeDemoOnStart(config: Config, database: DatabaseHandle, storage: MediaStorage, say: Say): Promise<number> {
  if (!config.seedDemo) {
    say(
      config.databaseUrl
        ? "Demo data: not written, as DATABASE_URL is set (SEED_DEMO=true writes it into an empty database)"
        : "Demo data: not written (SEED_DEMO=false)",
    );
    return 0;
  }
  return database.exclusive(() => seedDemoData(database.db, storage, { ifEmpty: true, log: (message) => say(`Demo data: ${message}`) }));
}

/** Once the site listens: how to sign in as a demo supplier, and how to make an operator. */
export function sayDemoSignIns(publicUrl: string, written: number, say: Say): void {
  if (written === 0) return;
  say(`Demo data: ${written} helpers written.`);
  say(`The demo suppliers log in at ${publicUrl}/login with the password ${DEMO_PASSWORD}:`);
  for (const supplier of DEMO_SUPPLIERS) say(`  ${supplier.email}  (${supplier.companyName})`);
  say("An operator: sign up, then run `npm run operator -- promote <email>` with the site's DATA_DIR and DATABASE_URL.");
  say(`Open ${publicUrl}`);
}
