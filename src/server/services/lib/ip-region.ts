/**
 * IP 属地 (issue 26; 《互联网用户账号信息管理规定》 art. 12): the province of a poster's address
 * in mainland China (广东, 北京, 内蒙古), the region for 香港, 澳门 and 台湾, the country
 * elsewhere (美国), and 未知 for a private, local or unlisted address. Looked up offline in the
 * ip2region database shipped in its npm package (IPv4 and IPv6), read once on first use; no
 * network call. The address is the one the front handler settled (X-Forwarded-For only behind
 * a trusted proxy, TRUST_PROXY).
 */
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type IP2RegionType from 'ip2region';

/** Shown when the address says nothing (a LAN, localhost, an unlisted range). */
export const UNKNOWN_REGION = '未知';

let searcher: IP2RegionType | null = null;

function db(): IP2RegionType {
  if (!searcher) {
    // The package is CommonJS and reads its data files beside itself: loaded from node_modules
    // as it is, never bundled.
    const load = createRequire(import.meta.url);
    const { default: IP2Region } = load('ip2region') as { default: typeof IP2RegionType };
    searcher = new IP2Region();
  }
  return searcher;
}

/** 广东省 → 广东, 广西壮族自治区 → 广西, 北京市 → 北京, 台湾省 → 台湾, 香港特别行政区 → 香港. */
function shortProvince(name: string): string {
  return name.replace(/(壮族自治区|回族自治区|维吾尔自治区|特别行政区|自治区|省|市)$/u, '');
}

/** The region to show for an address, as the peers show it: 广东, 美国, 未知. */
export function ipRegion(address: string | null | undefined): string {
  let ip = (address ?? '').trim();
  // An IPv4 client on a dual-stack socket: ::ffff:1.2.3.4.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1]!;
  if (!isIP(ip)) return UNKNOWN_REGION;
  let found: ReturnType<IP2RegionType['search']>;
  try {
    found = db().search(ip);
  } catch {
    return UNKNOWN_REGION;
  }
  if (!found?.country) return UNKNOWN_REGION;
  if (found.country !== '中国') return found.country;
  return found.province ? shortProvince(found.province) : UNKNOWN_REGION;
}
