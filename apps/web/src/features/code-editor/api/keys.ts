/** Snippet queries are per viewer: the same snippet reads differently to its owner (isOwner). */
export const snippetKeys = {
  all: ['snippets'] as const,
  list: (userId: string | null) => ['snippets', userId, 'list'] as const,
  detail: (userId: string | null, snippetId: string) => ['snippets', userId, 'detail', snippetId] as const,
};

export const runtimesKey = ['code', 'runtimes'] as const;
