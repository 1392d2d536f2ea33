/**
 * A value made on first use and kept: `const client = lazily(async () => new Client())`, then
 * `await client()`. A failed make is forgotten, so the next use tries again.
 */
export function lazily<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => {
    made ??= make().catch((err: unknown) => {
      made = undefined;
      throw err;
    });
    return made;
  };
}
