/**
 * IP 属地 (issue 26) from the ip2region database of its npm package, offline: what a reader sees
 * beside a comment, a chat message, a member's article and on a profile.
 */
import { describe, expect, it } from 'vitest';
import { ipRegion } from '../../src/server/services/lib/index.ts';

describe('ipRegion', () => {
  it('gives a mainland province without its 省/市/自治区 suffix', () => {
    expect(ipRegion('120.24.78.68')).toBe('广东'); // 广东省 深圳市
    expect(ipRegion('61.135.169.121')).toBe('北京'); // 北京市
    expect(ipRegion('202.100.64.1')).toBe('甘肃'); // 甘肃省
    expect(ipRegion('116.252.0.1')).toBe('广西');
    expect(ipRegion('222.82.0.1')).toBe('新疆');
  });

  it('names 香港, 澳门 and 台湾 as regions, and the country outside China', () => {
    expect(ipRegion('1.36.0.1')).toBe('香港');
    expect(ipRegion('202.175.0.1')).toBe('澳门');
    expect(ipRegion('1.160.0.1')).toBe('台湾'); // 台湾省 in the database
    expect(ipRegion('8.8.8.8')).toBe('美国');
  });

  it('reads IPv6 and IPv4 addresses of a dual-stack socket', () => {
    expect(ipRegion('240e:47d:c20:1627:30a3:ba0d:a5e6:ec19')).toBe('广东');
    expect(ipRegion('::ffff:120.24.78.68')).toBe('广东');
  });

  it('says 未知 for a private, local or malformed address', () => {
    for (const ip of [
      '10.1.2.3',
      '192.168.1.1',
      '127.0.0.1',
      '::1',
      'fe80::1',
      'unknown',
      '',
      null,
    ])
      expect(ipRegion(ip)).toBe('未知');
  });
});
