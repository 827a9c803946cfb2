/** A page whose feature is built in a later issue. */
export function Placeholder({ title }: { title: string }) {
  return (
    <section>
      <h1 className="text-2xl font-semibold">{title}</h1>
    </section>
  );
}
