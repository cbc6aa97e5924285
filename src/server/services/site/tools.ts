/** Learning tools: external calculators and references grouped by category (spec 2: /learningtools). */
import type { Deps } from '../../deps.ts';

export interface ToolView {
  id: number;
  name: string;
  description: string;
  url: string;
  icon: string | null;
  category: string;
}

export interface ToolGroup {
  category: string;
  tools: ToolView[];
}

/** Every learning tool in display order. */
export async function listLearningTools(deps: Pick<Deps, 'db'>): Promise<ToolView[]> {
  return deps.db
    .selectFrom('learning_tools')
    .select(['id', 'name', 'description', 'url', 'icon', 'category'])
    .orderBy('display_order')
    .orderBy('id')
    .execute();
}

/**
 * Groups tools by category, categories in order of their first tool.
 * groupTools([{category:'A'},{category:'B'},{category:'A'}]) → [A: 2 tools, B: 1 tool]
 */
export function groupTools(tools: readonly ToolView[]): ToolGroup[] {
  const groups = new Map<string, ToolView[]>();
  for (const t of tools) {
    const list = groups.get(t.category);
    if (list) list.push(t);
    else groups.set(t.category, [t]);
  }
  return [...groups].map(([category, list]) => ({ category, tools: list }));
}
