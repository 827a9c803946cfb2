import { verificationLabel } from '@samtalsmatch/contracts';
import { Badge } from '@/components/ui/badge';

/** 'Verifierad' / 'Ej verifierad': text, not colour alone. */
export function VerificationBadge({ isVerified }: { isVerified: boolean }) {
  return (
    <Badge tone={isVerified ? 'success' : 'warning'} className="whitespace-nowrap">
      {verificationLabel(isVerified)}
    </Badge>
  );
}
