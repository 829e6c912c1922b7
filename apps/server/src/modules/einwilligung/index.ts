// What other modules may call about consents: registration records one, joining checks them (booking declares requiresConsent).

export { recordRegistrationConsent, hasCurrentConsent, consentRequiredError } from './einwilligung.service.ts';
