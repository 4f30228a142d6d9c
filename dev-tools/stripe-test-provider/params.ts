import { invalidRequest, missingParam } from './errors.ts';
import type { FormObject, FormValue } from './form-body.ts';

/**
 * Typed reads of a parsed form body by bracket path (`'payment_intent_data[transfer_data][destination]'`),
 * answering Stripe's own errors for missing or malformed parameters.
 */
export class Params {
  constructor(readonly body: FormObject) {}

  private lookup(path: string): FormValue | undefined {
    let value: FormValue | undefined = this.body;
    for (const segment of path.replace(/\]/g, '').split('[')) {
      if (value === undefined || typeof value === 'string') return undefined;
      value = Array.isArray(value) ? value[Number(segment)] : value[segment];
    }
    return value;
  }

  optionalString(path: string): string | null {
    const value = this.lookup(path);
    if (value === undefined || value === '') return null;
    if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${path}`, { param: path });
    return value;
  }

  string(path: string): string {
    const value = this.optionalString(path);
    if (value === null) throw missingParam(path);
    return value;
  }

  optionalInteger(path: string): number | null {
    const text = this.optionalString(path);
    if (text === null) return null;
    if (!/^-?\d+$/.test(text))
      throw invalidRequest(`Invalid integer: ${text}`, { code: 'parameter_invalid_integer', param: path });
    return Number(text);
  }

  integer(path: string): number {
    const value = this.optionalInteger(path);
    if (value === null) throw missingParam(path);
    return value;
  }

  /** `metadata[...]` and similar string maps; absent → {}. */
  stringMap(path: string): Record<string, string> {
    const value = this.lookup(path);
    if (value === undefined || value === '') return {};
    if (typeof value !== 'object' || Array.isArray(value))
      throw invalidRequest(`Invalid object: ${path}`, { param: path });
    return Object.fromEntries(
      Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }

  /** The keys of an object parameter such as `capabilities`; absent → []. */
  keys(path: string): string[] {
    const value = this.lookup(path);
    return typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  }

  /** Number of entries of an array parameter such as `line_items`. */
  length(path: string): number {
    const value = this.lookup(path);
    return Array.isArray(value) ? value.length : 0;
  }
}
