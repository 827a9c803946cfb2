import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isTokenPage } from '@/config/paths';
import { usePublicConfig } from '@/lib/public-config';
import { readConsent } from '../lib/consent';

const SCRIPT_ID = 'samtalsmatch-analytics';

/**
 * Loads the configured analytics script, and only after consent was accepted
 * (docs/rules/accounts.md#cookie-consent). Never on a page that was opened with a one-time token (reset,
 * verification): it loads on the next page, once the token is out of the
 * address and the page is gone.
 */
export function AnalyticsLoader() {
  const { data: config } = usePublicConfig();
  const { pathname } = useLocation();
  const url = config?.analyticsScriptUrl;
  const tokenPage = isTokenPage(pathname);
  useEffect(() => {
    if (!url || tokenPage || readConsent() !== 'accepted') return;
    if (document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = url;
    script.async = true;
    document.head.appendChild(script);
  }, [url, tokenPage]);
  return null;
}
