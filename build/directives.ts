/** The project's own client directives (src/client/directives). */
import type { AstroIntegration } from 'astro';

export function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'member', entrypoint: './src/client/directives/member.ts' });
        addClientDirective({ name: 'near', entrypoint: './src/client/directives/near.ts' });
      },
    },
  };
}
