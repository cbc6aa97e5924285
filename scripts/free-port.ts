/**
 * A free TCP port for a server started a moment later (the browser tests' server,
 * the instances and Redis of the scale-out tests), chosen so that another test run
 * on the same machine does not take it in between: at random below the kernel's
 * ephemeral range, where no outgoing connection and no `listen(0)` lands, and
 * bound once to prove it is free now.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first port of the kernel's ephemeral range (Linux), 32768 when it cannot be read. */
function ephemeralStart(): number {
  try {
    const low = Number(
      readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/)[0],
    );
    return Number.isInteger(low) && low > 12_000 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

function tryBind(port: number, host: string): Promise<boolean> {
  return new Promise((done) => {
    const srv = createServer();
    srv.once('error', () => done(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => done(true)));
  });
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  const high = ephemeralStart() - 1;
  const low = 10_000;
  for (let i = 0; i < 200; i++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await tryBind(port, host)) return port;
  }
  throw new Error(`no free port found between ${low} and ${high}`);
}
