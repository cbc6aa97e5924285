/**
 * The front door (DESIGN: Shape): `/api/*` goes to the Hono API app, every
 * other request to Astro's full pipeline (route cache, middleware, pages).
 */
import { Hono } from 'hono';
import { astro } from 'astro/hono';
import { getRuntime } from './server/runtime.ts';

const app = new Hono();

app.all('/api/*', async (c) => (await getRuntime()).api.fetch(c.req.raw));
app.all('*', astro());

export default app;
