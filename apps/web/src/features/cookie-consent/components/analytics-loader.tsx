import { useEffect } from 'react';
import { usePublicConfig } from '@/lib/public-config';
import { readConsent } from '../lib/consent';

const SCRIPT_ID = 'samtalsmatch-analytics';

/** Loads the configured analytics script, and only after consent was accepted (SPEC §2). */
export function AnalyticsLoader() {
  const { data: config } = usePublicConfig();
  const url = config?.analyticsScriptUrl;
  useEffect(() => {
    if (!url || readConsent() !== 'accepted') return;
    if (document.getElementById(SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.src = url;
    script.async = true;
    document.head.appendChild(script);
  }, [url]);
  return null;
}
