/**
 * One learning tool's calculator (issue 15): the fields start from the query
 * string, every change recomputes at once (no server: it works offline once
 * loaded) and is written back to the URL, so the result can be shared.
 */
import { useEffect, useState } from 'react';
import { findTool, toolValues } from '../../shared/tools/tools.ts';
import SmithChart from './SmithChart.tsx';
import './calculator.css';

export default function Calculator({ slug }: { slug: string }) {
  const def = findTool(slug)!;
  const [values, setValues] = useState(() => toolValues(def, new URLSearchParams()));
  // After hydration: the shared link's values.
  useEffect(() => setValues(toolValues(def, new URLSearchParams(location.search))), [def]);

  function change(name: string, value: string) {
    const next = { ...values, [name]: value };
    setValues(next);
    history.replaceState(null, '', `${location.pathname}?${new URLSearchParams(next)}`);
  }

  const result = def.compute(values);
  return (
    <div className="calc">
      <form className="calc-fields" onSubmit={(e) => e.preventDefault()} aria-label={def.title}>
        {def.fields.map((f) => (
          <label key={f.name}>
            <span>{f.label}</span>
            {f.options ? (
              <select
                name={f.name}
                value={values[f.name]}
                onChange={(e) => change(f.name, e.target.value)}
              >
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <span className="calc-input">
                <input
                  name={f.name}
                  inputMode="decimal"
                  value={values[f.name]}
                  onChange={(e) => change(f.name, e.target.value)}
                />
                {f.unit && <em>{f.unit}</em>}
              </span>
            )}
          </label>
        ))}
      </form>
      <output className="calc-result" aria-live="polite" data-result>
        {'error' in result ? (
          <p className="calc-error" role="alert">
            {result.error}
          </p>
        ) : (
          <>
            {result.warnings.length > 0 && (
              <ul className="calc-warnings" data-warnings>
                {result.warnings.map((w) => (
                  <li key={w}>
                    <strong>警告：</strong>
                    {w}
                  </li>
                ))}
              </ul>
            )}
            <dl>
              {result.rows.map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v}</dd>
                </div>
              ))}
            </dl>
            {result.figure?.kind === 'smith' && <SmithChart {...result.figure} />}
          </>
        )}
      </output>
    </div>
  );
}
