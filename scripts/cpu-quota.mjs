// A CPU quota for a process, through the kernel's control groups (the CFS bandwidth controller): the process and
// its threads get at most `share` of one core, however many cores are idle. The scale bench uses it to give each
// server instance a core of its own in miniature on a machine whose 2 cores are also shared by the load generator,
// nginx and PostgreSQL. Works with cgroup v1 (`/sys/fs/cgroup/cpu`) and v2 (a `cpu` controller in the root's
// subtree_control); needs the right to create a group there (root here). `createCpuQuota` answers null where that
// is not possible, so the bench can say so instead of failing.
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = '/sys/fs/cgroup';
/**
 * Accounting period in µs. Short, so a throttled instance waits at most a few ms before its next slice instead of
 * the default 100 ms, which would show in the latency rather than in the throughput.
 */
const PERIOD_US = 10_000;

/** Which cgroup layout this machine offers with a writable cpu controller, or null. */
function layout() {
  const v1 = path.join(ROOT, 'cpu');
  if (existsSync(path.join(v1, 'cpu.cfs_quota_us'))) return { version: 1, base: v1 };
  const controllers = path.join(ROOT, 'cgroup.subtree_control');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) {
    return { version: 2, base: ROOT };
  }
  return null;
}

/** Throttling counters of a group: periods it ran in, and in how many it used up its quota. */
function throttling(dir) {
  const stat = Object.fromEntries(
    readFileSync(path.join(dir, 'cpu.stat'), 'utf8')
      .trim()
      .split('\n')
      .map((row) => row.split(' '))
      .map(([key, value]) => [key, Number(value)]),
  );
  return { periods: stat.nr_periods, throttled: stat.nr_throttled };
}

/**
 * A group named `name` limited to `share` (0 < share ≤ cores) of one core, or null where this machine does not
 * allow it. `add(pid)` moves a process with all its threads in; `throttling()` answers the counters so far;
 * `remove()` moves its processes back to the root and deletes the group.
 */
export function createCpuQuota(name, share) {
  const where = layout();
  if (!where) return null;
  const dir = path.join(where.base, name);
  const quotaUs = Math.round(PERIOD_US * share);
  try {
    mkdirSync(dir, { recursive: true });
    if (where.version === 1) {
      writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quotaUs));
    } else {
      writeFileSync(path.join(dir, 'cpu.max'), `${quotaUs} ${PERIOD_US}`);
    }
  } catch {
    // no right to create or limit a group (not root, or a read-only cgroup file system)
    try {
      rmdirSync(dir);
    } catch {
      // never created
    }
    return null;
  }
  const procs = path.join(dir, 'cgroup.procs');
  return {
    share,
    add(pid) {
      writeFileSync(procs, String(pid));
    },
    throttling: () => throttling(dir),
    remove() {
      const members = readFileSync(procs, 'utf8').split('\n').filter(Boolean);
      for (const pid of members) {
        try {
          writeFileSync(path.join(where.base, 'cgroup.procs'), pid);
        } catch {
          // ended meanwhile
        }
      }
      rmdirSync(dir);
    },
  };
}
