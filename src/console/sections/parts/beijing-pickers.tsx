/**
 * The console's date pickers, in Beijing time whatever the browser's zone.
 *
 * A form field holds an instant (an ISO string, as the API takes it). The picker is shown a
 * dayjs whose browser-local wall clock reads the Beijing wall clock of that instant, and what is
 * picked or typed is read back as Beijing wall-clock time (src/shared/beijing-time.ts), so that
 * 23:16 typed in a browser set to UTC or New York is 23:16 in Beijing. The 此刻 button is hidden:
 * it would put the browser's own clock into a Beijing field.
 */
import { DatePicker } from 'antd';
import type { DatePickerProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import dayjs, { type Dayjs } from 'dayjs';
import { fromBeijingWall, toBeijingWall } from '../../../shared/beijing-time.ts';

const WALL = 'YYYY-MM-DD HH:mm:ss';

function shown(iso: string | null | undefined): Dayjs | null {
  return iso ? dayjs(toBeijingWall(iso)) : null;
}

function instant(d: Dayjs | null | undefined): string | null {
  return d ? fromBeijingWall(d.format(WALL)) : null;
}

type Single = Omit<
  DatePickerProps,
  'value' | 'defaultValue' | 'onChange' | 'onOk' | 'multiple' | 'showNow' | 'picker'
> & {
  value?: string | null;
  onChange?(value: string | null): void;
};

/** One Beijing date and time; the value is an ISO instant or null. */
export function BeijingDatePicker({ value, onChange, ...rest }: Single) {
  return (
    <DatePicker
      {...rest}
      showNow={false}
      value={shown(value)}
      onChange={(d: Dayjs | null) => onChange?.(instant(d))}
    />
  );
}

export type BeijingRange = [string | null, string | null];

type Range = Omit<RangePickerProps, 'value' | 'onChange'> & {
  value?: BeijingRange | null;
  onChange?(value: BeijingRange | null): void;
};

/** Read by screen readers, not shown (the end input's own label). */
const HIDDEN: React.CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
};

/**
 * A Beijing start and end; the value is two ISO instants (either null when allowed empty). The
 * form item's label names the start input (its id); the end input gets an id and label of its
 * own, 结束时间 (issue 29: it had none).
 */
export function BeijingRangePicker({ value, onChange, id, ...rest }: Range) {
  const start = typeof id === 'string' ? id : id?.start;
  const end = start ? `${start}_end` : undefined;
  return (
    <>
      <DatePicker.RangePicker
        {...rest}
        id={{ start, end }}
        value={value ? [shown(value[0]), shown(value[1])] : null}
        onChange={(v) => onChange?.(v ? [instant(v[0]), instant(v[1])] : null)}
      />
      {end && (
        <label htmlFor={end} style={HIDDEN}>
          结束时间
        </label>
      )}
    </>
  );
}
