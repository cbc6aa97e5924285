/** 学习路线 for staff (issue 28, console section 学习路线): paths and their ordered steps, audited. */
import { z } from 'zod';
import { PATH_MSG, PATH_STEP_KINDS, PATH_STEP_LABEL } from '../../../../shared/learning-paths.ts';
import {
  createPath,
  deletePath,
  listAdminPaths,
  updatePath,
} from '../../../services/learning/index.ts';
import { crud, displayOrder, listed, siteUrl, text } from '../../fields.ts';
import { route, type RouteDef } from '../../define.ts';

const step = z.object({
  kind: z.enum(PATH_STEP_KINDS, { error: PATH_MSG.stepKind }),
  targetId: z.coerce
    .number({ error: PATH_MSG.stepTarget })
    .int(PATH_MSG.stepTarget)
    .positive(PATH_MSG.stepTarget),
  note: z.string({ error: PATH_MSG.stepNote }).trim().max(200, PATH_MSG.stepNote).default(''),
});

const KIND_OF: Record<string, string> = Object.fromEntries(
  Object.entries(PATH_STEP_LABEL).map(([kind, label]) => [label, kind]),
);

/**
 * The steps as a JSON body sends them (a list, or the list as JSON text) or as the console's
 * form types them, one `类型 编号 说明` line each: '文章 12 先读\n工具 3' →
 * [{ kind: 'article', targetId: '12', note: '先读' }, { kind: 'tool', targetId: '3', note: '' }].
 */
function readSteps(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  const text = v.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return v;
    }
  }
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [kind = '', targetId = '', ...note] = line.split(/\s+/);
      return { kind: KIND_OF[kind] ?? kind, targetId, note: note.join(' ') };
    });
}

const steps = z.preprocess(
  readSteps,
  z.array(step, { error: PATH_MSG.steps }).min(1, PATH_MSG.steps).max(50, PATH_MSG.steps),
);

const status = z.enum(['draft', 'published'], { error: PATH_MSG.status });

/** An edit's fields: what is left out stays as it is (no defaults here). */
const edit = z.object({
  title: text(50, PATH_MSG.title),
  summary: text(500, PATH_MSG.summary, 0),
  level: text(10, PATH_MSG.level, 0),
  cover: siteUrl,
  sortOrder: displayOrder,
  status,
  steps,
});

const path = edit.extend({
  summary: edit.shape.summary.default(''),
  level: edit.shape.level.default(''),
  status: status.default('draft'),
});

export const pathManageRoutes: RouteDef[] = crud({
  kind: 'path',
  target: 'path',
  schema: path,
  updateSchema: edit,
  list: route({
    method: 'get',
    path: '/api/admin/path/list',
    access: 'staff:content',
    handler: async ({ deps }) => listed(await listAdminPaths(deps)),
  }),
  create: createPath,
  update: updatePath,
  remove: deletePath,
});
