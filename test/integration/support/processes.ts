import { readdir, readFile } from 'node:fs/promises';

export interface ProcessInfo {
  pid: number;
  processGroup: number;
  commandLine: string;
}

/** The running processes, read from /proc (what `ps` and `pgrep` read), so no procps is needed. */
export async function listProcesses(): Promise<ProcessInfo[]> {
  const pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  const processes = await Promise.all(
    pids.map(async (pid): Promise<ProcessInfo | undefined> => {
      try {
        const [cmdline, stat] = await Promise.all([readFile(`/proc/${pid}/cmdline`, 'utf8'), readFile(`/proc/${pid}/stat`, 'utf8')]);
        // stat is "pid (comm) state ppid pgrp …"; comm may hold spaces and parentheses.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return { pid: Number(pid), processGroup: Number(fields[2]), commandLine: cmdline.split('\0').join(' ').trim() };
      } catch {
        return undefined; // exited while we looked
      }
    }),
  );
  return processes.filter((info): info is ProcessInfo => info !== undefined && info.commandLine !== '');
}

/** DynamoDB Local processes started by the local stack on this port. */
export async function dynamoDbLocalOnPort(port: number): Promise<ProcessInfo[]> {
  return (await listProcesses()).filter(
    (info) => /LoopbackDynamoDbLocal\.java|DynamoDBLocal\.jar/.test(info.commandLine) && info.commandLine.includes(` -port ${port} `),
  );
}

export async function isRunning(pid: number): Promise<boolean> {
  return (await listProcesses()).some((info) => info.pid === pid);
}
