import type { Config } from '../../config.ts';
import { masterKeyRing, type MasterKeyRing } from '../../lib/envelope.ts';

/** The master keys of the configuration as a ring (current plus previous versions). */
export function rezeptKeyRing(config: Pick<Config, 'fileMasterKeys'>): MasterKeyRing {
  return masterKeyRing(config.fileMasterKeys.current, config.fileMasterKeys.previous);
}
