import { HttpError } from './http-error.ts';

/**
 * An uploaded file's name as shown: no path separators, no control characters, not only dots, at most `max`
 * characters; anything else is refused with `message`. It is never used as a path.
 */
export function checkedFilename(name: string, max: number, message: string): string {
  const trimmed = name.trim();
  const bad =
    trimmed.length === 0 ||
    trimmed.length > max ||
    /[/\\]/.test(trimmed) ||
    // eslint-disable-next-line no-control-regex
    /[\u0000-\u001f\u007f]/.test(trimmed) ||
    trimmed.split('.').every((part) => part === '');
  if (bad) throw HttpError.badRequest(message);
  return trimmed;
}
