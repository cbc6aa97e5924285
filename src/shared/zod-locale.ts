/**
 * Zod's own messages in Chinese wherever a schema names none (a wrong type, a too-long string):
 * a refusal tells the user what is wrong in their language, never a library's English default.
 * Imported for its effect by the route layer (server/api/define.ts) and the shared schemas
 * (islands); zod's configuration is global to the process or page.
 */
import { z } from 'zod';

z.config(z.locales.zhCN());
