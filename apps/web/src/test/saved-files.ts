import { afterEach, beforeEach, vi } from 'vitest';

/**
 * The names of the files a test's page saves (lib/save-file.ts), in order. jsdom has no object URLs and navigates on a
 * link's click, so both are replaced around each test; call once at the top of a test file.
 */
export function captureSavedFiles(): string[] {
  const saved: string[] = [];
  beforeEach(() => {
    URL.createObjectURL = () => 'blob:datei';
    URL.revokeObjectURL = () => undefined;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
    saved.length = 0;
  });
  return saved;
}
