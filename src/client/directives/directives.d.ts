/** The project's own client directives (src/client/directives, registered in build/directives.ts). */
import 'astro';
import type { NearOptions } from './near.ts';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate at idle for a member, when near the viewport for a visitor (member.ts). */
    'client:member'?: boolean | { visitors: false };
    /** Hydrate at idle for a member; for a visitor when near, on a claimed click or hash (near.ts). */
    'client:near'?: NearOptions;
  }
}
