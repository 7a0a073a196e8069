/**
 * A new client address on each call, 10.<block>.x.y, so per-IP limits only bite where a test wants
 * them to. Each test file takes a block of its own.
 */
export function freshAddresses(block: number): () => string {
  let count = 0;
  return () => {
    count += 1;
    return `10.${block}.${Math.floor(count / 250)}.${count % 250}`;
  };
}
