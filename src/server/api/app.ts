/**
 * The `/api/*` Hono app: middleware, every domain's routes, and the
 * envelope for unknown paths and errors.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import type { Deps } from '../deps.ts';
import { ACCOUNTS_MSG } from '../services/accounts/index.ts';
import { COURSES_MSG } from '../services/courses/index.ts';
import { register } from './define.ts';
import type { AppEnv } from './env.ts';
import { AppError } from '../errors.ts';
import { fail } from './errors.ts';
import { API_MSG } from './messages.ts';
import { errorHandler, requestContext, sameSiteWrites, session, siteOrigin } from './middleware.ts';
import { zoneHosts } from '../services/site/index.ts';
import { allRoutes } from './routes/index.ts';

export function createApiApp(deps: Deps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // A separate API origin (API_ORIGIN): the site's own origins may call it with the cookie.
  if (deps.config.apiOrigin)
    app.use(
      '/api/*',
      cors({
        origin: async (origin) =>
          siteOrigin(origin, deps.config, await zoneHosts(deps)) ? origin : null,
        credentials: true,
        allowMethods: ['GET', 'POST', 'OPTIONS'],
        allowHeaders: ['content-type', 'authorization'],
        maxAge: 600,
      }),
    );
  app.use('/api/*', requestContext(deps), session(), sameSiteWrites());
  // Uploads are checked at 5 MB by the service; anything far larger is refused before it is read.
  app.use(
    '/api/upload/*',
    bodyLimit({
      maxSize: 6 * 1024 * 1024,
      onError: (c) => c.json(fail(AppError.badRequest(ACCOUNTS_MSG.uploadTooLarge))),
    }),
  );
  // Resource files up to 20 MB (the service checks the size exactly).
  app.use(
    '/api/admin/resource/create',
    bodyLimit({
      maxSize: 21 * 1024 * 1024,
      onError: (c) => c.json(fail(AppError.badRequest(COURSES_MSG.resource.tooLarge))),
    }),
  );
  app.use('/api/*', async (c, next) => {
    await next();
    // API answers may carry per-user data: never stored by a shared cache.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'private, no-store');
  });
  // Demo mode: the local WeChat Pay platform (the edge fake), speaking API v3.
  const devPay = deps.providers.pay.devWechat;
  if (deps.config.mode === 'demo' && devPay) app.route('/api/dev/wxpay', devPay.app);
  const devAlipay = deps.providers.pay.devAlipay;
  if (deps.config.mode === 'demo' && devAlipay) app.route('/api/dev/alipay', devAlipay.app);
  const devCourier = deps.providers.devCourier;
  if (deps.config.mode === 'demo' && devCourier) app.route('/api/dev/kuaidi100', devCourier.app);
  register(app, allRoutes);
  app.all('/api/*', (c) => c.json(fail(AppError.notFound(API_MSG.unknownPath)), 404));
  app.onError(errorHandler);
  return app;
}
