/**
 * console.log's text for a value, close to what Node.js prints, so output matches what learners see
 * on a judge: strings bare at the top level, quoted inside objects; arrays and objects on one line.
 */

const MAX_DEPTH = 3;
const MAX_ITEMS = 100;

function quote(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
}

function key(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name);
}

function list(open: string, items: string[], close: string, more: number): string {
  const all = more > 0 ? [...items, `... ${more} more item${more === 1 ? '' : 's'}`] : items;
  if (all.length === 0) return `${open}${close}`;
  return `${open} ${all.join(', ')} ${close}`;
}

function inspect(value: unknown, depth: number, seen: Set<object>): string {
  switch (typeof value) {
    case 'string':
      return quote(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'boolean':
    case 'undefined':
      return String(value);
    case 'symbol':
      return value.toString();
    case 'function':
      return value.name ? `[Function: ${value.name}]` : '[Function (anonymous)]';
  }
  if (value === null) return 'null';
  const object = value as object;
  if (seen.has(object)) return '[Circular *]';
  if (object instanceof Error) return object.stack ?? `${object.name}: ${object.message}`;
  if (object instanceof Date) return Number.isNaN(object.getTime()) ? 'Invalid Date' : object.toISOString();
  if (object instanceof RegExp) return String(object);
  if (depth > MAX_DEPTH) return Array.isArray(object) ? '[Array]' : '[Object]';
  seen.add(object);
  try {
    const inner = (item: unknown) => inspect(item, depth + 1, seen);
    if (Array.isArray(object)) {
      const shown = object.slice(0, MAX_ITEMS).map(inner);
      return list('[', shown, ']', object.length - shown.length);
    }
    if (ArrayBuffer.isView(object) && 'length' in object) {
      const items = Array.from(object as unknown as ArrayLike<number>);
      return `${object.constructor.name}(${items.length}) ${list('[', items.slice(0, MAX_ITEMS).map(inner), ']', items.length - MAX_ITEMS)}`;
    }
    if (object instanceof Map) {
      const entries = [...object.entries()].slice(0, MAX_ITEMS).map(([k, v]) => `${inner(k)} => ${inner(v)}`);
      return `Map(${object.size}) ${list('{', entries, '}', object.size - entries.length)}`;
    }
    if (object instanceof Set) {
      const entries = [...object.values()].slice(0, MAX_ITEMS).map(inner);
      return `Set(${object.size}) ${list('{', entries, '}', object.size - entries.length)}`;
    }
    const entries = Object.entries(object);
    const shown = entries.slice(0, MAX_ITEMS).map(([name, item]) => `${key(name)}: ${inner(item)}`);
    const constructorName = Object.getPrototypeOf(object)?.constructor?.name;
    const prefix = constructorName && constructorName !== 'Object' ? `${constructorName} ` : '';
    return prefix + list('{', shown, '}', entries.length - shown.length);
  } finally {
    seen.delete(object);
  }
}

/** One console call's arguments as one line of text, with %s %d %i %f %o %O %j substitution. */
export function formatConsoleArguments(args: readonly unknown[]): string {
  const rest = [...args];
  let head = '';
  if (typeof rest[0] === 'string' && /%[sdifoOj%]/.test(rest[0])) {
    const format = rest.shift() as string;
    head = format.replace(/%([sdifoOj%])/g, (match, letter: string) => {
      if (letter === '%') return '%';
      if (rest.length === 0) return match;
      const next = rest.shift();
      switch (letter) {
        case 's':
          return typeof next === 'string' ? next : inspect(next, 1, new Set());
        case 'd':
        case 'i':
          return String(letter === 'i' ? Math.trunc(Number(next)) : Number(next));
        case 'f':
          return String(Number(next));
        case 'j':
          try {
            return JSON.stringify(next);
          } catch {
            return '[Circular]';
          }
        default:
          return inspect(next, 0, new Set());
      }
    });
  }
  const parts = rest.map((value) => (typeof value === 'string' ? value : inspect(value, 0, new Set())));
  return head ? [head, ...parts].join(' ') : parts.join(' ');
}
