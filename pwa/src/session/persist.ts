/** The 'Keep me logged in?' flag (§3 local storage key `persist`). */
const PERSIST_KEY = 'persist';

export function getPersist(): boolean {
  try {
    return JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'false') === true;
  } catch {
    return false;
  }
}

export function setPersist(value: boolean): void {
  localStorage.setItem(PERSIST_KEY, JSON.stringify(value));
}
