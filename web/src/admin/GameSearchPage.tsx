/** Find games (filled in by the admin inspector). */
export function GameSearchPage() {
  return (
    <section>
      <h1>Games</h1>
    </section>
  );
}
