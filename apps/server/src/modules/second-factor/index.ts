// What other modules and the tools may call about second factors.
export { resealSecondFactorSecrets, type ResealResult } from './second-factor.service.ts';
