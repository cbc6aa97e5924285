/** The project's own client directives (src/client/directives, registered in build/directives.ts). */
import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate at idle for a member, when near the viewport for a visitor (member.ts). */
    'client:member'?: boolean;
  }
}
