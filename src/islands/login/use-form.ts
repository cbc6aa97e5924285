import { useState } from 'react';

type Rules<K extends string> = Partial<Record<K, (v: string) => string | null>>;

/**
 * Form values with spec-5 validation on blur and on submit; `reset` restores
 * the initial values and clears messages (spec 4: switching modes resets the form).
 */
export function useForm<K extends string>(initial: Record<K, string>, rules: Rules<K>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string | null>>>({});
  const check = (k: K, v: string) => rules[k]?.(v) ?? null;
  return {
    values,
    errors,
    set(k: K, v: string) {
      setValues((s) => ({ ...s, [k]: v }));
      if (errors[k]) setErrors((e) => ({ ...e, [k]: check(k, v) }));
    },
    blur(k: K) {
      setErrors((e) => ({ ...e, [k]: check(k, values[k]) }));
    },
    /** Validates the given fields (all by default); true when every one passes. */
    validate(keys: K[] = Object.keys(initial) as K[]): boolean {
      const next = { ...errors };
      let ok = true;
      for (const k of keys) {
        next[k] = check(k, values[k]);
        if (next[k]) ok = false;
      }
      setErrors(next);
      return ok;
    },
    reset() {
      setValues(initial);
      setErrors({});
    },
  };
}
