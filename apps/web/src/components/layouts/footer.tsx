export function Footer() {
  return (
    <footer className="mt-16 border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm text-stone-700">
        <p>Samtalsmatch matchar privatpersoner med terapeuter.</p>
        <p className="mt-4">© 2025 Samtalsmatch</p>
      </div>
    </footer>
  );
}
