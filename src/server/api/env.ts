import type { Deps } from '../deps.ts';
import type { Logger } from '../logger.ts';
import type { SessionUser } from '../services/accounts/index.ts';

/** Hono context variables set by the API's middleware. */
export interface AppEnv {
  Variables: {
    deps: Deps;
    requestId: string;
    log: Logger;
    user: SessionUser | null;
    /** How the user was authenticated: by cookie (browser) or bearer header. */
    authVia: 'cookie' | 'bearer' | null;
  };
}
