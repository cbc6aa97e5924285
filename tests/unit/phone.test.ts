import { describe, expect, it } from 'vitest';
import { e164, normalizePhone } from '../../src/shared/phone.ts';

describe('normalizePhone', () => {
  it.each([
    ['13800138001'],
    ['013800138001'],
    ['8613800138001'],
    ['+8613800138001'],
    ['008613800138001'],
    ['86013800138001'],
    ['138 0013 8001'],
    ['138-0013-8001'],
  ])('mainland %s is 13800138001', (mobile) => {
    expect(normalizePhone({ areaNum: '86', mobile })).toEqual({
      areaNum: '86',
      mobile: '13800138001',
    });
  });

  it('refuses what cannot be a mainland mobile', () => {
    for (const mobile of ['1380013800', '138001380011', '23800138001', '12345', 'abc', ''])
      expect(normalizePhone({ areaNum: '86', mobile })).toBeNull();
  });

  it('keeps numbers that merely begin with the country code digits', () => {
    // A Singapore number starting 65 is 8 digits: nothing to strip.
    expect(normalizePhone({ areaNum: '65', mobile: '65123456' })).toEqual({
      areaNum: '65',
      mobile: '65123456',
    });
    expect(normalizePhone({ areaNum: '65', mobile: '6565123456' })?.mobile).toBe('65123456');
  });

  it('drops trunk zeros where they are dialled inland, and the NANP leading 1', () => {
    expect(normalizePhone({ areaNum: '886', mobile: '0912345678' })?.mobile).toBe('912345678');
    expect(normalizePhone({ areaNum: '81', mobile: '09012345678' })?.mobile).toBe('9012345678');
    expect(normalizePhone({ areaNum: '1', mobile: '14155550123' })?.mobile).toBe('4155550123');
    expect(normalizePhone({ areaNum: '852', mobile: '85291234567' })?.mobile).toBe('91234567');
  });

  it('writes E.164', () => {
    expect(e164({ areaNum: '86', mobile: '13800138001' })).toBe('+8613800138001');
  });
});
