import { Link } from 'react-router';

export function LandingPage() {
  return (
    <main id="main">
      <section className="bg-brand-50">
        <div className="mx-auto max-w-6xl px-4 py-20">
          <h1 className="text-4xl font-bold tracking-tight text-brand-800 sm:text-5xl">
            Hitta en terapeut som passar dig
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-stone-700">
            Svara på några frågor, bli matchad med en verifierad terapeut och boka ett första samtal
            direkt på plattformen.
          </p>
          <Link
            to="/auth"
            className="mt-8 inline-block rounded-md bg-brand-700 px-6 py-3 font-medium text-white hover:bg-brand-800"
          >
            Börja matchningen
          </Link>
        </div>
      </section>
    </main>
  );
}
