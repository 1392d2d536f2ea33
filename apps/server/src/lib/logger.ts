import pino from 'pino';
import pretty from 'pino-pretty';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout: the format for files, pipes, log collectors and production. `pretty` (the start
 * script asks for it when stdout is a terminal outside production) prints readable lines instead, for a
 * person watching `npm start`; it is written synchronously, so nothing is lost on exit.
 */
export function createLogger(level: string, opts: { pretty?: boolean } = {}): Logger {
  const options: pino.LoggerOptions = { level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime };
  if (!opts.pretty) return pino(options);
  return pino(options, pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true }));
}

/** Readable lines only for a person at a terminal, never in production (where logs are collected). */
export function wantsPrettyLogs(env: { NODE_ENV: string; LOG_FORMAT?: string }, stdoutIsTTY: boolean): boolean {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'pretty') return true;
  return stdoutIsTTY && env.NODE_ENV !== 'production';
}
