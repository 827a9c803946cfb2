import { verificationLabel } from '@samtalsmatch/contracts';

/** 'Verifierad' / 'Ej verifierad' (SPEC §2): text, not colour alone. */
export function VerificationBadge({ isVerified }: { isVerified: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium whitespace-nowrap ${
        isVerified ? 'bg-green-100 text-green-900' : 'bg-amber-100 text-amber-900'
      }`}
    >
      {verificationLabel(isVerified)}
    </span>
  );
}
