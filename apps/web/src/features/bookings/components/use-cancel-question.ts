import { useEffect, useRef, useState } from 'react';

/**
 * "Avboka" asks first: while asking, focus is on the question; after "Nej,
 * behåll tiden", back on "Avboka" (never on opening the dialog).
 */
export function useCancelQuestion() {
  const [asking, setAsking] = useState(false);
  const questionRef = useRef<HTMLParagraphElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (asking) questionRef.current?.focus();
    else if (returnFocus.current) cancelButtonRef.current?.focus();
  }, [asking]);

  return {
    asking,
    questionRef,
    cancelButtonRef,
    ask: () => setAsking(true),
    keep: () => {
      returnFocus.current = true;
      setAsking(false);
    },
  };
}
