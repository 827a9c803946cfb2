import { Link } from 'react-router';
import { useCurrentUser } from '@/features/auth/api/current-user';

export function Header() {
  const { data: user, isPending } = useCurrentUser();
  return (
    <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <Link to="/" className="flex items-center gap-2 font-semibold text-brand-800">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>Samtalsmatch</span>
        </Link>
        <div>
          {isPending ? null : user ? null : (
            <Link
              to="/auth"
              className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800"
            >
              Logga in
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
