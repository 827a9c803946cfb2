import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';
import { ScrollToTop } from './scroll-to-top';

/** Plain layout: the landing page (/). */
export function PlainLayout() {
  return (
    <>
      <ScrollToTop />
      <Header />
      <Outlet />
      <Footer />
    </>
  );
}

/** Main layout: the account screens and every signed-in page. */
export function MainLayout() {
  return (
    <>
      <ScrollToTop />
      <Header />
      <main id="main" className="mx-auto min-h-[60vh] max-w-6xl px-4 py-8">
        <Outlet />
      </main>
      <Footer />
    </>
  );
}
