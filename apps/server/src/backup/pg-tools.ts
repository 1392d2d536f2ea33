import { spawn } from 'node:child_process';

export class BackupError extends Error {}

/**
 * PostgreSQL's own client tools, run with the connection from DATABASE_URL. The password goes in
 * PGPASSWORD, not on the command line, where `ps` would show it to every user of the machine.
 */
export function pgConnection(databaseUrl: string): { dbname: string; env: Record<string, string> } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs `tool` to completion: its stdout, or a BackupError with what it said on stderr. */
export function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed. Install PostgreSQL's client tools, of the server's major version or newer (Debian/Ubuntu: apt-get install postgresql-client).`,
            )
          : err,
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${tool} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}
