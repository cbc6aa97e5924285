/**
 * What the page shell (BaseLayout) shows besides the page: the site's identity from the
 * settings, the partner companies of the header and footer, and the ads of its slots. A page
 * that loads everything it shows before rendering (the article page, and the benchmark's
 * yardstick rendering it from fixed props: issue 30) hands it to the layout; any other page
 * lets the layout load it.
 */
import { adTags, companyTags } from '../server/cache/tags.ts';
import type { AppConfig } from '../server/config.ts';
import type { Deps } from '../server/deps.ts';
import { listAds, type AdView } from '../server/services/ads/index.ts';
import { listCompanies, type CompanyView } from '../server/services/site/index.ts';
import { pageMemo } from '../server/page.ts';
import { AD_TYPES_REQUESTED } from '../shared/constants.ts';

/** The settings the shell prints. */
export type ShellSite = Pick<
  AppConfig,
  'mode' | 'siteName' | 'siteUrl' | 'apiOrigin' | 'companyName' | 'icpFiling' | 'policeFiling'
>;

export interface LayoutShell {
  site: ShellSite;
  companies: CompanyView[];
  /** The ads of the shell's slots (top, footer, skyscrapers, and the ones its script places). */
  ads: AdView[];
}

/**
 * The shell's data for a render, as BaseLayout shows it. Every page shows the same companies
 * and shell ads, so renders share them as fragments (server/cache/fragments.ts), dropped with
 * the companies' or the ads' tags as a cached page is, and after 60 s at most (an ad's window
 * is then as late as a cached page's).
 */
export async function loadLayoutShell(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
): Promise<LayoutShell> {
  const { mode, siteName, siteUrl, apiOrigin, companyName, icpFiling, policeFiling } = deps.config;
  const [companies, ads] = await Promise.all([
    pageMemo(deps, [companyTags.list])('shell:companies', () => listCompanies(deps)),
    pageMemo(deps, [adTags.list])('shell:ads', () => listAds(deps, AD_TYPES_REQUESTED)),
  ]);
  return {
    site: { mode, siteName, siteUrl, apiOrigin, companyName, icpFiling, policeFiling },
    companies,
    ads,
  };
}
