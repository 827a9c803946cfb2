/**
 * A background round that a timer starts: a start while the previous run
 * of this process is still going does nothing. A round that outlasts its
 * interval (the match alert round's look at many clients, a slow database)
 * would otherwise be started again beside itself every interval, each run
 * holding a connection of the pool, without bound. Other processes' runs
 * are not affected: the rounds share their work through the rows they claim.
 */
export function oneAtATime(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null;
  return () => {
    if (running) return running;
    running = run().finally(() => {
      running = null;
    });
    return running;
  };
}
