/** The rows of page `page` (from 1) of a list shown `pageSize` at a time, as a query's limit and offset. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}
