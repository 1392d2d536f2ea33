import pino from 'pino';
import pretty from 'pino-pretty';
import { requestContext } from './request-context';

export type Logger = pino.Logger;

/**
 * JSON lines on stdout: the format for files, pipes, log collectors and production. `pretty` (the start
 * script asks for it when stdout is a terminal outside production) prints readable lines instead, for a
 * person watching `npm start`; it is written synchronously, so nothing is lost on exit.
 */
export function createLogger(level: string, opts: { pretty?: boolean } = {}): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Every line written while a request is answered carries its id (app.ts runs each request in the context).
    mixin: () => requestContext.getStore() ?? {},
  };
  // Asynchronous writes: a line per request would otherwise be a write system call per request on the
  // hot path. Lines written while a write is in flight go out together with the next one; pino flushes
  // what is left when the process exits (only a kill -9 can lose the last lines).
  if (!opts.pretty) return pino(options, pino.destination({ dest: 1, sync: false }));
  return pino(options, pretty({ colorize: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true }));
}

/** Readable lines only for a person at a terminal, never in production (where logs are collected). */
export function wantsPrettyLogs(env: { NODE_ENV: string; LOG_FORMAT?: string }, stdoutIsTTY: boolean): boolean {
  if (env.LOG_FORMAT === 'json') return false;
  if (env.LOG_FORMAT === 'pretty') return true;
  return stdoutIsTTY && env.NODE_ENV !== 'production';
}
