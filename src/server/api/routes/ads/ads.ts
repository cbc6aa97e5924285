/** The ads of spec 7 (roll_image): the creatives of the requested slots, and a script creative's frame. */
import { AD_FRAME_CSP, frameDocument } from '../../../../shared/ad-frame.ts';
import { requiredId } from '../../../../shared/schemas.ts';
import { z } from 'zod';
import { AD_TYPES_REQUESTED } from '../../../../shared/constants.ts';
import { MSG } from '../../../../shared/messages.ts';
import { ADS_MSG, getAdScript, listAds } from '../../../services/ads/index.ts';
import { route, type RouteDef } from '../../define.ts';
import { AppError } from '../../../errors.ts';

/** "1,2,3" → [1, 2, 3]; empty → the spec's full list (spec 9). */
const adTypes = z.preprocess(
  (v) => (v === undefined || v === '' ? AD_TYPES_REQUESTED.join(',') : v),
  z
    .string({ error: MSG.invalidAdTypes })
    .regex(/^\d{1,3}(,\d{1,3}){0,31}$/, MSG.invalidAdTypes)
    .transform((s) => [...new Set(s.split(',').map(Number))]),
);

export const adRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/roll_image/frame/:id',
    access: 'public',
    // A script creative's frame document, with its own sandboxing policy (src/shared/ad-frame.ts).
    input: z.object({ id: requiredId }),
    async handler({ input, deps }) {
      const script = await getAdScript(deps, input.id);
      if (script === null) throw AppError.notFound(ADS_MSG.missing);
      return new Response(frameDocument(script), {
        headers: {
          'Content-Type': 'text/html; charset=utf-8',
          'Content-Security-Policy': AD_FRAME_CSP,
          'Cache-Control': 'public, max-age=60',
        },
      });
    },
  }),
  route({
    method: 'get',
    path: '/api/roll_image/list',
    access: 'public',
    input: z.object({
      type: adTypes,
      order_filed: z.literal('display_order', { error: ADS_MSG.orderField }).optional(),
    }),
    handler: async ({ input, deps }) => ({ roll_image_list: await listAds(deps, input.type) }),
  }),
];
