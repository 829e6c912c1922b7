import { MESSAGES } from '@dihs/contract/common/messages';
import { HttpError } from './http-error.ts';

/**
 * A lone surrogate: half of a UTF-16 pair without its other half. With the `u` flag a complete pair is one code
 * point (an emoji) and does not match; only a half does. (String.prototype.isWellFormed is ES2024; the server's lib
 * is ES2023.)
 */
const LONE_SURROGATE = /\p{Surrogate}/u;

type Container = Record<string, unknown> | unknown[];

/** Arrays and plain objects (JSON, parsed query and params, form fields); never a Buffer or a class instance. */
function isContainer(value: unknown): value is Container {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** A container met on the walk, with the way back to the root (the path is built only for a refusal). */
interface Frame {
  node: Container;
  key: string | undefined;
  parent: Frame | undefined;
}

const pathOf = (frame: Frame | undefined, key: string): string => {
  const keys = [key];
  for (let at = frame; at?.key !== undefined; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * Text as the server keeps it: every string value in `value` (a string, or arrays and plain objects at any depth)
 * normalised to NFC, in place; the field path of the first string or object key that is not well-formed Unicode
 * (a lone surrogate) instead. Keys are checked, never rewritten: they are names the schemas know, and rewriting
 * could merge two keys of one object. The walk keeps its own stack, so no nesting depth overflows the call stack.
 */
export function normaliseText(value: unknown): { value: unknown } | { illFormedAt: string } {
  if (typeof value === 'string')
    return LONE_SURROGATE.test(value) ? { illFormedAt: '' } : { value: value.normalize('NFC') };
  if (!isContainer(value)) return { value };
  const pending: Frame[] = [{ node: value, key: undefined, parent: undefined }];
  for (let frame = pending.pop(); frame; frame = pending.pop()) {
    const { node } = frame;
    const keys = Array.isArray(node) ? node.keys() : Object.keys(node);
    for (const index of keys) {
      const key = String(index);
      if (LONE_SURROGATE.test(key)) return { illFormedAt: pathOf(frame, key) };
      const item: unknown = Array.isArray(node) ? node[index as number] : node[key];
      if (typeof item === 'string') {
        if (LONE_SURROGATE.test(item)) return { illFormedAt: pathOf(frame, key) };
        const nfc = item.normalize('NFC');
        if (nfc === item) continue;
        if (Array.isArray(node)) node[index as number] = nfc;
        else node[key] = nfc;
      } else if (isContainer(item)) {
        pending.push({ node: item, key, parent: frame });
      }
    }
  }
  return { value };
}

/**
 * `value` with its text in NFC (see normaliseText), or a 400 that names the field as the schema refusals do
 * ('titel: Der Text enthält ungültige Zeichen.'; a whole text body: the message alone).
 */
export function wellFormedText<T>(value: T): T {
  const result = normaliseText(value);
  if ('value' in result) return result.value as T;
  const field = result.illFormedAt;
  throw HttpError.badRequest(field ? `${field}: ${MESSAGES.textNichtWohlgeformt}` : MESSAGES.textNichtWohlgeformt);
}
