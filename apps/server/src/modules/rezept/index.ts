// What other modules and scripts may call about prescriptions: the master-key rotation.
export { rewrapAll } from './rezept.service.ts';
export { rezeptKeyRing } from './rezept-keys.ts';
