/**
 * Stripe's v1 API takes `application/x-www-form-urlencoded` bodies in bracket notation
 * (`line_items[0][price_data][unit_amount]=500`). This turns them back into the nested
 * objects and arrays the SDK started from. Values stay strings, as on the wire: each resource
 * coerces the few numbers it reads (see `params.ts`).
 */
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export function parseFormBody(body: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    assign(root, keyPath(key), value);
  }
  return root;
}

/** `a[b][0][]` → ['a', 'b', '0', ''] (an empty segment appends to an array). */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open < 0) return [key];
  const segments = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) segments.push(match[1] ?? '');
  return segments;
}

function assign(container: FormObject | FormValue[], path: string[], value: string): void {
  const [head, ...rest] = path;
  // Never let a key reach Object.prototype, even in a development tool.
  if (head === undefined || head === '__proto__') return;
  const slot = Array.isArray(container) ? (head === '' ? container.length : Number(head)) : head;
  if (rest.length === 0) {
    setSlot(container, slot, value);
    return;
  }
  // The next segment decides the child's shape: an index or `[]` means an array.
  const wantsArray = rest[0] === '' || /^\d+$/.test(rest[0] ?? '');
  let child = getSlot(container, slot);
  if (typeof child !== 'object' || Array.isArray(child) !== wantsArray) {
    child = wantsArray ? [] : {};
    setSlot(container, slot, child);
  }
  assign(child, rest, value);
}

function getSlot(container: FormObject | FormValue[], slot: string | number): FormValue | undefined {
  return Array.isArray(container) ? container[Number(slot)] : container[slot];
}

function setSlot(container: FormObject | FormValue[], slot: string | number, value: FormValue): void {
  if (Array.isArray(container)) container[Number(slot)] = value;
  else container[slot] = value;
}
