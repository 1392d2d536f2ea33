import { DataDirLockedError } from './db/lock';
import { EnvError, parseEnv } from './env';
import { createLogger, wantsPrettyLogs } from './lib/logger';
import { formatWelcome } from './lib/welcome';
import { startServer } from './server';

let env;
try {
  env = parseEnv();
} catch (err) {
  if (err instanceof EnvError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}
const pretty = wantsPrettyLogs(env, Boolean(process.stdout.isTTY));
const logger = createLogger(env.LOG_LEVEL, { pretty });

try {
  const server = await startServer(env, logger);
  // At a terminal, the few facts a newcomer needs, as plain lines under the log (JSON logs carry them too).
  if (pretty) process.stdout.write(formatWelcome(server.welcome) + '\n');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await server.close();
    logger.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
} catch (err) {
  if (err instanceof DataDirLockedError) {
    logger.fatal(err.message);
    console.error(err.message);
    process.exit(1);
  }
  logger.fatal({ err }, 'failed to start');
  process.exit(1);
}
