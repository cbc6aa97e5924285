/**
 * The Smith chart drawn as SVG (issue 24): the unit circle, the constant-r
 * circles and constant-x arcs (clipped to the chart), the real axis, and the
 * load's Γ marked. Γ's imaginary part points up (SVG's y axis points down).
 */
import { useId } from 'react';
import { SMITH_R_CIRCLES, SMITH_X_ARCS, rCircle, xCircle } from '../../shared/tools/smith.ts';

const f = (n: number) => Number(n.toFixed(4));

export default function SmithChart({
  gammaRe,
  gammaIm,
  label,
}: {
  gammaRe: number;
  gammaIm: number;
  label: string;
}) {
  const clip = `smith-clip-${useId().replace(/:/g, '')}`;
  const px = f(gammaRe);
  const py = f(-gammaIm);
  return (
    <figure className="smith">
      <svg
        viewBox="-1.15 -1.15 2.3 2.3"
        role="img"
        aria-label={`Smith 圆图：${label}`}
        data-smith-chart
      >
        <defs>
          <clipPath id={clip}>
            <circle cx="0" cy="0" r="1" />
          </clipPath>
        </defs>
        <circle className="smith-edge" cx="0" cy="0" r="1" />
        <g clipPath={`url(#${clip})`}>
          {SMITH_R_CIRCLES.filter((r) => r > 0).map((r) => {
            const c = rCircle(r);
            return (
              <circle
                key={`r${r}`}
                className={r === 1 ? 'smith-grid smith-unit' : 'smith-grid'}
                data-r={r}
                cx={f(c.cx)}
                cy="0"
                r={f(c.radius)}
              />
            );
          })}
          {SMITH_X_ARCS.flatMap((x) =>
            [x, -x].map((sx) => {
              const c = xCircle(sx);
              return (
                <circle
                  key={`x${sx}`}
                  className="smith-grid"
                  data-x={sx}
                  cx={f(c.cx)}
                  cy={f(-c.cy)}
                  r={f(c.radius)}
                />
              );
            }),
          )}
          <line className="smith-grid" x1="-1" y1="0" x2="1" y2="0" />
        </g>
        {SMITH_R_CIRCLES.map((r) => (
          <text
            key={`t${r}`}
            className="smith-label"
            x={f(rCircle(r).cx - rCircle(r).radius + 0.015)}
            y="-0.02"
          >
            {r}
          </text>
        ))}
        {SMITH_X_ARCS.map((x) => {
          // Where the x arc meets the edge: Γ = ((x² − 1) + 2jx) / (x² + 1).
          const re = (x * x - 1) / (x * x + 1);
          const im = (2 * x) / (x * x + 1);
          return [
            <text
              key={`p${x}`}
              className="smith-label"
              x={f(re * 1.07)}
              y={f(-im * 1.07)}
              textAnchor="middle"
            >
              {`+j${x}`}
            </text>,
            <text
              key={`n${x}`}
              className="smith-label"
              x={f(re * 1.07)}
              y={f(im * 1.07 + 0.03)}
              textAnchor="middle"
            >
              {`−j${x}`}
            </text>,
          ];
        })}
        <line className="smith-vector" x1="0" y1="0" x2={px} y2={py} />
        <circle className="smith-point" data-point cx={px} cy={py} r="0.035" />
      </svg>
      <figcaption>
        <span className="smith-dot" aria-hidden="true" /> 负载位置：{label}
      </figcaption>
    </figure>
  );
}
