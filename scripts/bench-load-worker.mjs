/**
 * Load with a different path on every request (search terms that the caches have not seen):
 * autocannon's programmatic API, in a process of its own like the command-line runs.
 *   node scripts/bench-load-worker.mjs <options as JSON>
 * Options: url (origin), pathsFile (one path a line), connections, durationSeconds, headers.
 * Prints autocannon's result as JSON.
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

const options = JSON.parse(process.argv[2] ?? "{}");
const paths = readFileSync(options.pathsFile, "utf8").split("\n").filter(Boolean);
let next = Math.floor(Math.random() * paths.length);

const result = await autocannon({
  url: options.url,
  connections: options.connections,
  duration: options.durationSeconds,
  headers: options.headers ?? {},
  requests: [
    {
      method: "GET",
      setupRequest: (request) => {
        next = (next + 1) % paths.length;
        return { ...request, path: paths[next] };
      },
    },
  ],
});
process.stdout.write(JSON.stringify(result));
