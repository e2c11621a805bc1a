// The production server under test: built into its own dist folder, started as its own process
// group, watched for memory.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { buildIsStale } from "../scripts/build-state.mjs";

const root = path.resolve(__dirname, "..");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
const serverScript = path.join(root, "server.mjs");
export const DIST_DIR = ".next-bench";

/** `next build` into DIST_DIR unless the build there is newer than every source. */
export function ensureBuild(logFile: string): "built" | "up to date" {
  if (!buildIsStale(root, DIST_DIR)) return "up to date";
  const log = fs.openSync(logFile, "w");
  try {
    const result = spawnSync(process.execPath, [nextBin, "build"], {
      cwd: root,
      stdio: ["ignore", log, log],
      env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", DATABASE_URL: "" },
    });
    if (result.status !== 0) throw new Error(`next build failed (exit ${result.status ?? result.signal}); see ${logFile}`);
  } finally {
    fs.closeSync(log);
  }
  return "built";
}

/** Resident memory of a process tree, from /proc: the sum over the process and its descendants. */
class RssSampler {
  private timer: NodeJS.Timeout | undefined;
  private pids: number[] = [];
  private lastTree = 0;
  maxMb = 0;
  lastMb = 0;

  constructor(private readonly rootPid: number) {}

  private tree(): number[] {
    const children = new Map<number, number[]>();
    for (const entry of fs.readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        // The command may hold spaces and parentheses: the fields after the last ")" are fixed.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        const list = children.get(ppid) ?? [];
        list.push(Number(entry));
        children.set(ppid, list);
      } catch {
        // The process ended while we looked.
      }
    }
    const found: number[] = [];
    const queue = [this.rootPid];
    while (queue.length > 0) {
      const pid = queue.shift()!;
      found.push(pid);
      queue.push(...(children.get(pid) ?? []));
    }
    return found;
  }

  sample(): void {
    if (Date.now() - this.lastTree > 2000) {
      this.pids = this.tree();
      this.lastTree = Date.now();
    }
    let kb = 0;
    for (const pid of this.pids) {
      try {
        const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
        if (match) kb += Number(match[1]);
      } catch {
        // Gone: counts for nothing.
      }
    }
    this.lastMb = kb / 1024;
    this.maxMb = Math.max(this.maxMb, this.lastMb);
  }

  /** Starts the maximum afresh from the current figure, which it answers: the baseline of a measurement. */
  restart(): number {
    this.sample();
    this.maxMb = this.lastMb;
    return this.lastMb;
  }

  start(): void {
    this.timer = setInterval(() => this.sample(), 250);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

export type RunningServer = {
  url: string;
  pid: number;
  rss: RssSampler;
  stop(): Promise<void>;
};

async function waitForHealth(url: string, child: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}; see ${logFile}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No 200 from ${url}/api/health within ${timeoutMs / 1000} s; see ${logFile}`);
}

/** server.mjs on the bench build, in a process group of its own so that stopping it stops anything it started. */
export async function startServer(options: { port: number; env: Record<string, string | undefined>; logFile: string }): Promise<RunningServer> {
  const log = fs.openSync(options.logFile, "a");
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries({ ...process.env, ...options.env })) if (value !== undefined) env[name] = value;
  const child = spawn(process.execPath, [serverScript, "-p", String(options.port), "-H", "127.0.0.1"], {
    cwd: root,
    env: { ...env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production", LOG_LEVEL: "info" },
    stdio: ["ignore", log, log],
    detached: true,
  });
  fs.closeSync(log);
  const url = `http://127.0.0.1:${options.port}`;
  const pid = child.pid!;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForHealth(url, child, options.logFile, 180_000);
  } catch (error) {
    await stop();
    throw error;
  }
  const rss = new RssSampler(pid);
  rss.start();
  return { url, pid, rss, stop };
}
