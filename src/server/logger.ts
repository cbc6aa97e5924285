/**
 * Structured one-line JSON logs. Every line written while handling a request
 * carries that request's id.
 */
export interface Logger {
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Logger;
}

type Sink = (line: string) => void;

/** createLogger({ service: 'api' }).child({ requestId: 'r1' }).info('x') → {"level":"info",...} */
export function createLogger(
  base: Record<string, unknown> = {},
  sink: Sink = (l) => process.stdout.write(l + '\n'),
): Logger {
  const write = (level: string, msg: string, fields?: Record<string, unknown>) =>
    sink(JSON.stringify({ time: new Date().toISOString(), level, msg, ...base, ...fields }));
  return {
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    child: (fields) => createLogger({ ...base, ...fields }, sink),
  };
}

/** A logger that keeps lines in memory, for tests. */
export function memoryLogger(): Logger & { lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({}, (l) => lines.push(JSON.parse(l) as Record<string, unknown>));
  return Object.assign(logger, { lines });
}
