import { readdirSync, readFileSync } from 'node:fs';

// Linux's /proc, read by the tests that check the judge yields the CPU to the server (sandbox.ts, JUDGE_NICENESS).

/** The niceness of a process or thread from its stat line (field 19; the command name in brackets may hold spaces). */
function nicenessIn(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

/** Each thread of this process with its niceness (the main thread's id is the process id). */
export function threadNiceness(): { id: number; niceness: number }[] {
  return readdirSync('/proc/self/task').flatMap((id) => {
    try {
      return [{ id: Number(id), niceness: nicenessIn(`/proc/self/task/${id}/stat`) }];
    } catch {
      return []; // A thread that ended while being read.
    }
  });
}

/** The niceness of each child process of this one whose command line contains `marker`. */
export function childNiceness(marker: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (parent !== process.pid) return [];
        if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(marker)) return [];
        return [nicenessIn(`/proc/${pid}/stat`)];
      } catch {
        return [];
      }
    });
}
