/**
 * The client's address through deploy/nginx.conf.template: the instances trust X-Forwarded-For
 * (TRUST_PROXY=1) for per-address limits and IP 属地, so nginx must never pass on an address the
 * client wrote itself. Without trusted proxies a forged header is replaced by the peer's
 * address; with a CDN in front listed (DEPLOY_TRUSTED_PROXIES), the address it forwarded is
 * the client's. nginx runs the real template in front of an upstream that echoes the header.
 */
import { createServer, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, realIpLines, runNginx } from '../../deploy/local.ts';

let echo: Server;
let echoPort = 0;
const dirs: string[] = [];
const nginxes: ChildProcess[] = [];

beforeAll(async () => {
  echo = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ forwardedFor: req.headers['x-forwarded-for'] ?? null }));
  });
  echoPort = await freePort();
  await new Promise<void>((ok) => echo.listen(echoPort, '127.0.0.1', ok));
});

afterAll(async () => {
  for (const n of nginxes) n.kill('SIGQUIT');
  await new Promise((ok) => echo.close(ok));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** nginx from the template in front of the echo, trusting `trustedProxies`. */
async function nginxTrusting(trustedProxies: string[]): Promise<string> {
  const prefix = mkdtempSync(join(tmpdir(), 'xxt-nginx-xff-'));
  dirs.push(prefix);
  for (const d of ['export', 'assets']) mkdirSync(join(prefix, d));
  const nginx = await runNginx(prefix, {
    listen: `127.0.0.1:${await freePort()}`,
    upstreams: [echoPort],
    exportDir: join(prefix, 'export'),
    assetsDir: join(prefix, 'assets'),
    workers: '1',
    trustedProxies,
  });
  nginxes.push(nginx.process);
  return nginx.url;
}

async function seenAs(url: string, forwardedFor?: string): Promise<string | null> {
  const res = await fetch(`${url}/api/whoami`, {
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return ((await res.json()) as { forwardedFor: string | null }).forwardedFor;
}

describe('X-Forwarded-For through the deploy nginx', () => {
  it('without a trusted proxy in front, the peer is the client, whatever the client writes', async () => {
    const url = await nginxTrusting([]);
    expect(await seenAs(url)).toBe('127.0.0.1');
    expect(await seenAs(url, '203.0.113.9')).toBe('127.0.0.1');
    expect(await seenAs(url, '203.0.113.9, 198.51.100.7')).toBe('127.0.0.1');
  });

  it('behind a trusted CDN, the address it forwarded, and only that one', async () => {
    const url = await nginxTrusting(['127.0.0.1']);
    expect(await seenAs(url)).toBe('127.0.0.1');
    expect(await seenAs(url, '203.0.113.9')).toBe('203.0.113.9');
    // A client's own header before the CDN's entry: the CDN's entry (the last untrusted) counts.
    expect(await seenAs(url, '198.51.100.7, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('refuses anything but addresses and ranges in the trusted list', () => {
    expect(realIpLines(['10.0.0.0/8', '::1'])).toContain('set_real_ip_from 10.0.0.0/8;');
    expect(() => realIpLines(['1.2.3.4; include /etc/passwd'])).toThrow('not an address');
  });
});
