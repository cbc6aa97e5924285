/**
 * The diagrams of the demo lesson slides, drawn on a Canvas inside a box.
 * Every size comes from the box, so a slide looks the same at 480×270 and at
 * 1920×1080.
 */
import type { Diagram } from '../../src/server/db/seed/content/lesson-slides.ts';
import { drawCharts } from './charts.ts';
import { pen } from './pen.ts';
import type { Canvas } from './raster.ts';
import { drawSchematics } from './schematics.ts';
import { drawWaves } from './waves.ts';

export function drawDiagram(
  c: Canvas,
  d: Diagram,
  x: number,
  y: number,
  w: number,
  h: number,
): void {
  const p = pen(c, x, y, w, h);
  if (!drawWaves(p, d) && !drawSchematics(p, d) && !drawCharts(p, d))
    throw new Error(`no drawing for a ${d.kind} diagram`);
}
