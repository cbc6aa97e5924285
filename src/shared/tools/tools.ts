/**
 * The learning tools (issue 15), declared once: each tool's page, fields
 * (read from and written to the query string, so a result can be shared)
 * and what it computes, with calc.ts doing the arithmetic. The tools
 * themselves are in circuit-tools.ts, board-tools.ts and rf-tools.ts, their parts in
 * tool-kit.ts.
 */
import { BOARD_TOOLS } from './board-tools.ts';
import { CIRCUIT_TOOLS } from './circuit-tools.ts';
import { RF_TOOLS } from './rf-tools.ts';
import type { ToolDef } from './tool-kit.ts';

export type { ToolDef, ToolField, ToolFigure, ToolResult } from './tool-kit.ts';

export const TOOLS: readonly ToolDef[] = [...CIRCUIT_TOOLS, ...BOARD_TOOLS, ...RF_TOOLS];

export function findTool(slug: string): ToolDef | undefined {
  return TOOLS.find((t) => t.slug === slug);
}

/** A tool's values: its defaults, overridden by the query string's fields. */
export function toolValues(def: ToolDef, query: URLSearchParams): Record<string, string> {
  return Object.fromEntries(
    def.fields.map((f) => {
      const q = query.get(f.name);
      const ok =
        q !== null && q.length <= 32 && (!f.options || f.options.some((o) => o.value === q));
      return [f.name, ok ? q : f.value];
    }),
  );
}
