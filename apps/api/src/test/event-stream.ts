/** Reads a server-sent event stream in tests: the event names seen so far, and a way to wait for one. */
export async function openEventStream(baseUrl: string, ticket: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/events?ticket=${encodeURIComponent(ticket)}`, {
    signal: controller.signal,
  });
  const events: string[] = [];
  let ended = false;
  if (response.ok && response.body) {
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) {
            ended = true;
            return;
          }
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const type = /^event: (.*)$/m.exec(buffer.slice(0, end))?.[1];
            buffer = buffer.slice(end + 2);
            if (type) events.push(type);
          }
        }
      } catch {
        // aborted by close()
      }
    })();
  }
  return {
    status: response.status,
    events,
    /** Resolves once `type` has arrived `count` times; rejects after `timeoutMs`. */
    async waitFor(type: string, timeoutMs = 2_000, count = 1): Promise<number> {
      const started = Date.now();
      while (events.filter((seen) => seen === type).length < count) {
        if (Date.now() - started > timeoutMs) throw new Error(`no '${type}' event within ${timeoutMs} ms: ${events}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return Date.now() - started;
    },
    /** Resolves once the server has ended the stream; rejects after `timeoutMs`. */
    async waitForEnd(timeoutMs = 2_000): Promise<void> {
      const started = Date.now();
      while (!ended) {
        if (Date.now() - started > timeoutMs) throw new Error(`the stream was still open after ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close() {
      controller.abort();
    },
  };
}
