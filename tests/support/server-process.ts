/**
 * The built server (`npm start`'s dist/server.js) as a child process, for tests of starting
 * and stopping: what it prints, when it is listening, how it exits.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { buildDir } from "./e2e";

export const serverEntry = path.resolve("dist/server.js");

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything printed so far. */
  output(): string;
  /** Sends the signal and waits for the process to end. */
  stop(signal?: NodeJS.Signals): Promise<Exit>;
}

/**
 * The pages the child serves: BUILD_DIR when it lies inside the project (a build elsewhere
 * cannot find the project's packages from a plain `node` process), else the default build/.
 */
const childBuildDir = path.relative(process.cwd(), buildDir).startsWith("..") ? path.resolve("build") : buildDir;

/** A clean environment: nothing of the developer's own configuration leaks into the test. */
function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "info",
    BUILD_DIR: childBuildDir,
    // The demo's biodata and a suite's writes are many, the PDFs read few: each is made when asked for.
    PREPARE_AHEAD: "false",
    ...env,
  };
}

function launch(env: Record<string, string>): ChildProcess {
  if (!existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build`);
  return spawn(process.execPath, ["--enable-source-maps", "--max-semi-space-size=4", serverEntry], {
    env: serverEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
}

function collect(child: ChildProcess) {
  const out = { stdout: "", stderr: "" };
  child.stdout!.on("data", (chunk: Buffer) => (out.stdout += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (out.stderr += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal, ...out })));
  return { out, exited };
}

/** Runs the server to its end (a start that is refused). */
export async function runServer(env: Record<string, string>, timeoutMs = 20_000): Promise<Exit> {
  const child = launch(env);
  const { exited } = collect(child);
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

/** Starts the server and waits until it listens; fails with what it printed if it does not. */
export async function startServer(env: Record<string, string>, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = launch(env);
  const { out, exited } = collect(child);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start in ${timeoutMs} ms:\n${out.stdout}${out.stderr}`));
    }, timeoutMs);
    const check = () => {
      const match = /"msg":"Server listening at (http:\/\/127\.0\.0\.1:\d+)"/.exec(out.stdout);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off("data", check);
        resolve(match[1]!);
      }
    };
    child.stdout!.on("data", check);
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${exit.code ?? exit.signal}) before listening:\n${exit.stdout}${exit.stderr}`));
    });
  });
  return {
    url,
    pid: child.pid!,
    output: () => out.stdout + out.stderr,
    async stop(signal = "SIGTERM") {
      child.kill(signal);
      return exited;
    },
  };
}
