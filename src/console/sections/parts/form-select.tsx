/**
 * antd's Select for a field of a Form (issue 29). A required Form.Item hands `aria-required` to
 * its control, and Select copies every aria attribute onto its wrapper <div> as well as onto
 * its combobox input; on the div it is not allowed (axe: aria-allowed-attr, a screen reader
 * hears nothing useful there). This keeps it on the input only, where it is announced.
 */
import { Select, type RefSelectProps, type SelectProps } from 'antd';
import { useLayoutEffect, useRef } from 'react';

type Props = SelectProps & { 'aria-required'?: boolean | 'true' | 'false' };

export function FormSelect({ 'aria-required': required, ...props }: Props) {
  const ref = useRef<RefSelectProps>(null);
  useLayoutEffect(() => {
    const input = ref.current?.nativeElement?.querySelector('input[role="combobox"]');
    if (!input) return;
    if (required === true || required === 'true') input.setAttribute('aria-required', 'true');
    else input.removeAttribute('aria-required');
  });
  return <Select ref={ref} {...props} />;
}
