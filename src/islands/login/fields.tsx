/** Form fields of the login dialog: a labelled input with its validation message. */
import { useEffect, useRef, type ReactNode } from 'react';
import { AREA_CODES } from '../../shared/forms/options.ts';

export interface FieldProps {
  id: string;
  label: string;
  value: string;
  error: string | null;
  type?: string;
  inputMode?: 'numeric' | 'text' | 'tel';
  autoComplete?: string;
  maxLength?: number;
  placeholder?: string;
  onChange(value: string): void;
  onBlur(): void;
  addon?: ReactNode;
  prefix?: ReactNode;
}

export function Field(p: FieldProps) {
  const errorId = `${p.id}-error`;
  const ref = useRef<HTMLInputElement>(null);
  // Text typed into the server-rendered input before hydration is kept, not lost.
  useEffect(() => {
    const typed = ref.current?.value ?? '';
    if (typed && typed !== p.value) p.onChange(typed);
  }, []);
  return (
    <div className="ld-field">
      <label className="visually-hidden" htmlFor={p.id}>
        {p.label}
      </label>
      <div className={`ld-control${p.error ? ' ld-invalid' : ''}`}>
        {p.prefix}
        <input
          ref={ref}
          id={p.id}
          name={p.id}
          type={p.type ?? 'text'}
          inputMode={p.inputMode}
          autoComplete={p.autoComplete}
          maxLength={p.maxLength}
          placeholder={p.placeholder ?? p.label}
          value={p.value}
          aria-invalid={p.error ? true : undefined}
          aria-describedby={p.error ? errorId : undefined}
          onChange={(e) => p.onChange(e.target.value)}
          onBlur={p.onBlur}
        />
        {p.addon}
      </div>
      <p className="ld-error" id={errorId} role={p.error ? 'alert' : undefined}>
        {p.error ?? ''}
      </p>
    </div>
  );
}

/** One field of a useForm form, as PasswordField binds it. */
interface BoundForm<K extends string> {
  values: Record<K, string>;
  errors: Partial<Record<K, string | null>>;
  set(k: K, v: string): void;
  blur(k: K): void;
}

/**
 * A password input (128 characters at most) bound to one field of a useForm
 * form; `error` and `onBlur` replace the form's own (a confirmation field).
 */
export function PasswordField<K extends string>(p: {
  id: string;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
  form: BoundForm<K>;
  name: K;
  error?: string | null;
  onBlur?(): void;
}) {
  return (
    <Field
      id={p.id}
      label={p.label}
      type="password"
      autoComplete={p.autoComplete}
      maxLength={128}
      placeholder={p.placeholder}
      value={p.form.values[p.name]}
      error={p.error !== undefined ? p.error : (p.form.errors[p.name] ?? null)}
      onChange={(v) => p.form.set(p.name, v)}
      onBlur={p.onBlur ?? (() => p.form.blur(p.name))}
    />
  );
}

export function AreaSelect(p: { value: string; onChange(v: string): void }) {
  return (
    <select
      className="ld-area"
      aria-label="国家/地区区号"
      value={p.value}
      onChange={(e) => p.onChange(e.target.value)}
    >
      {AREA_CODES.map((c) => (
        <option key={c} value={c}>
          +{c}
        </option>
      ))}
    </select>
  );
}

/** The phone field with its area-code select (default 86, spec 5). */
export function PhoneField(p: {
  idPrefix: string;
  area: string;
  onArea(v: string): void;
  value: string;
  error: string | null;
  onChange(v: string): void;
  onBlur(): void;
}) {
  return (
    <Field
      id={`${p.idPrefix}-mobile`}
      label="手机号"
      type="tel"
      inputMode="numeric"
      autoComplete="tel-national"
      maxLength={15}
      placeholder="请输入手机号"
      value={p.value}
      error={p.error}
      onChange={p.onChange}
      onBlur={p.onBlur}
      prefix={<AreaSelect value={p.area} onChange={p.onArea} />}
    />
  );
}
