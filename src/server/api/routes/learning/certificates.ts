/**
 * Certificates (结业证书, issue 28): the printable PDF of a certificate, public as its page is
 * (/cert/<number>); staff list them and revoke one with a reason (section "community", audited).
 */
import { z } from 'zod';
import { pageSchema, requiredId } from '../../../../shared/schemas.ts';
import {
  CERT_MSG,
  certificatePdf,
  certificateUrl,
  getCertificate,
  listCertificates,
  revokeCertificate,
} from '../../../services/learning/index.ts';
import { AppError } from '../../../errors.ts';
import { inputId, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

export const certificateRoutes: RouteDef[] = [
  route({
    method: 'get',
    path: '/api/certificate/pdf',
    access: 'public',
    input: z.object({ number: z.string().max(40) }),
    async handler({ input, deps }) {
      const cert = await getCertificate(deps, input.number.trim().toUpperCase());
      if (!cert) throw AppError.notFound(CERT_MSG.missing);
      const pdf = certificatePdf(cert, certificateUrl(deps.config.siteUrl, cert.number));
      return new Response(new Uint8Array(pdf), {
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `inline; filename="${cert.number}.pdf"`,
          // A revocation shows at once: the file is made per request, never kept.
          'Cache-Control': 'no-store',
        },
      });
    },
  }),
  route({
    method: 'get',
    path: '/api/admin/certificate/list',
    access: 'staff:community',
    input: pageSchema.extend({ number: z.string().max(40).optional() }),
    handler: ({ input, deps }) => listCertificates(deps, input),
  }),
  route({
    method: 'post',
    path: '/api/admin/certificate/revoke',
    access: 'staff:community',
    audit: { target: 'certificate', id: inputId },
    message: CERT_MSG.revoked,
    input: z.object({ id: requiredId, reason: text(200, CERT_MSG.reasonEmpty) }),
    handler: ({ input, deps }) => revokeCertificate(deps, input.id, input.reason),
  }),
];
