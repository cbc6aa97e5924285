import { describe, expect, it } from 'vitest';
import { cookieDomainFor } from '../../src/server/api/session-cookie.ts';

describe('cookieDomainFor: partner zones on subdomains share the login', () => {
  it.each([
    ['xinxuetang.local', 'xinxuetang.local', 'xinxuetang.local'],
    ['www.xinxuetang.local:4321', 'xinxuetang.local', 'xinxuetang.local'],
    ['ti.xinxuetang.local', '.xinxuetang.local', 'xinxuetang.local'],
    ['127.0.0.1:4321', 'xinxuetang.local', undefined],
    ['evilxinxuetang.local', 'xinxuetang.local', undefined],
    ['ti.xinxuetang.local', '', undefined],
  ])('%s with parent %j → %s', (host, parent, expected) => {
    expect(cookieDomainFor(host, parent)).toBe(expected);
  });
});
