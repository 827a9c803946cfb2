import { useEffect } from 'react';
import { Link } from 'react-router';

export function NotFoundPage() {
  useEffect(() => {
    document.title = 'Sidan hittades inte – Samtalsmatch';
  }, []);
  return (
    <section className="mx-auto max-w-xl py-16 text-center">
      <p className="text-6xl font-bold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold">Sidan hittades inte</h1>
      <p className="mt-2 text-stone-700">
        Sidan du letar efter finns inte eller har flyttats.
      </p>
      <Link
        to="/"
        className="mt-8 inline-block rounded-md bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800"
      >
        Till startsidan
      </Link>
    </section>
  );
}
