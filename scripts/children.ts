/**
 * Child processes of `npm start`'s build phase (astro build, ffmpeg for the demo media):
 * while they run, SIGTERM or SIGINT to this process is passed on to each of them, and this
 * process exits after they have (128 + the signal's number), so that nothing it started keeps
 * running without it. The server itself runs in this process (scripts/start.ts imports it).
 */
import type { ChildProcess } from 'node:child_process';

const running = new Set<ChildProcess>();
const CODES = { SIGINT: 130, SIGTERM: 143 } as const;
let stopping: number | null = null;

/** Follows a child: a signal to this process reaches it too. */
export function track<T extends ChildProcess>(child: T): T {
  if (stopping !== null) child.kill('SIGTERM');
  running.add(child);
  child.once('exit', () => running.delete(child));
  child.once('error', () => running.delete(child));
  return child;
}

/** The exit code a signal being passed on asks for (130, 143), or null. */
export function signalExit(): number | null {
  return stopping;
}

const gone = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

function onSignal(sig: keyof typeof CODES): void {
  if (stopping !== null) return;
  stopping = CODES[sig];
  for (const c of running) c.kill(sig);
  void Promise.all(
    [...running].filter((c) => !gone(c)).map((c) => new Promise((r) => c.once('exit', r))),
  ).then(() => process.exit(CODES[sig]));
}

/** Passes SIGTERM and SIGINT on to the tracked children until the returned function is called. */
export function passSignals(): () => void {
  const term = () => onSignal('SIGTERM');
  const int = () => onSignal('SIGINT');
  process.on('SIGTERM', term);
  process.on('SIGINT', int);
  return () => {
    process.off('SIGTERM', term);
    process.off('SIGINT', int);
  };
}
