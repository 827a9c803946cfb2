import { useEffect } from 'react';

export const SITE_NAME = 'Samtalsmatch';

/** Sets the page title as '<title> – Samtalsmatch' (or the given full title). */
export function useDocumentTitle(title: string, { full = false }: { full?: boolean } = {}) {
  useEffect(() => {
    document.title = full ? title : `${title} – ${SITE_NAME}`;
  }, [title, full]);
}
