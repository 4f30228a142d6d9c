import pino, { type DestinationStream, type Logger } from 'pino';
import pretty from 'pino-pretty';

export type { Logger };

export interface LoggerSettings {
  production: boolean;
  /** LOG_LEVEL when set: trace, debug, info, warn, error, fatal or silent. */
  level?: string;
  /** Where records go instead of stdout (tests read them back). */
  destination?: DestinationStream;
}

/** True under vitest or NODE_ENV=test: tests stay quiet unless LOG_LEVEL asks otherwise. */
function underTest(): boolean {
  return process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined;
}

/**
 * The server's one logger (pino). Production writes JSON lines (one per request, with its id, for a
 * log collector); development prints the same records readably; tests are silent. Everything the
 * server logs goes through here or through hapi-pino's `request.log`, never the console.
 */
export function createLogger(settings: LoggerSettings): Logger {
  const level = settings.level ?? (underTest() ? 'silent' : 'info');
  // Access tokens and refresh cookies never reach a log.
  const redact = { paths: SECRET_PATHS, censor: '[redacted]' };
  const base = { service: 'mastr-sync-server' };
  if (settings.destination) return pino({ level, redact, base }, settings.destination);
  if (settings.production || underTest()) return pino({ level, redact, base });
  const readable = pretty({
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    // One short line per request on a developer's terminal; the full record is what production logs.
    ignore: 'pid,hostname,req,res,responseTime',
  });
  return pino({ level, redact }, readable);
}

const SECRET_PATHS = ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'];
