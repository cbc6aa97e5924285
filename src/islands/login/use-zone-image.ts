/**
 * On a partner company's zone (its own subdomain), the login dialog shows the
 * company's login image (spec 3, 7: /api/roll_image/loginImg); the company id
 * is kept in local storage under the spec's company-id key.
 */
import { useEffect, useState } from 'react';
import { api } from '../../client/api.ts';
import { STORAGE_KEYS } from '../../shared/constants.ts';

export function useZoneImage(open: boolean): { imageUrl: string; companyName: string } | null {
  const [zone, setZone] = useState<{ imageUrl: string; companyName: string } | null>(null);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!open || asked) return;
    setAsked(true);
    void (async () => {
      const company = await api<{ id: number; name: string } | null>('get', 'company/get');
      if (company.code !== 200 || !company.data) {
        localStorage.removeItem(STORAGE_KEYS.companyId);
        return;
      }
      localStorage.setItem(STORAGE_KEYS.companyId, String(company.data.id));
      const img = await api<{ imageUrl: string | null }>('post', 'roll_image/loginImg', {
        json: { companyId: company.data.id },
      });
      if (img.code === 200 && img.data.imageUrl)
        setZone({ imageUrl: img.data.imageUrl, companyName: company.data.name });
    })();
  }, [open, asked]);
  return zone;
}
