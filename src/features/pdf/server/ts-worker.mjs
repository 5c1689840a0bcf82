// Starts a worker thread from a TypeScript file through tsx, when the server runs from its
// sources (npm run dev, the tests, the scripts). A worker does not inherit the loader its parent
// was started with, and Node 20 does not take tsx as a worker's --import. The built server
// starts its bundled workers directly and never loads this file.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);
