import { useEffect } from 'react';

/**
 * While the calling page shows, the document's `<meta name="robots">` says
 * `noindex` (index.html's own tag changed in place, so there is never a second,
 * contradicting one); the previous value comes back when it leaves.
 */
export function useRobotsNoindex() {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="robots"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'robots';
      document.head.append(meta);
    }
    const previous = meta.content;
    meta.content = 'noindex';
    return () => {
      if (created) meta.remove();
      else meta.content = previous;
    };
  }, []);
}
