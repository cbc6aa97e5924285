/**
 * What every provider builder reads: the environment, the deps without the
 * providers themselves, and the server's own address for the demo platforms
 * it serves to itself.
 */
import type { Deps } from '../deps.ts';

export type Env = Record<string, string | undefined>;
/** What building the providers needs: the deps without the providers themselves. */
export type ProviderDeps = Omit<Deps, 'providers'>;

/** The settings of `names` that are unset or blank. */
export function missing(env: Env, names: string[]): string[] {
  return names.filter((n) => !env[n]?.trim());
}

/** The server's own address for calls it makes to itself (the demo payment platform). */
export function selfBase(config: ProviderDeps['config']): string {
  const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}
