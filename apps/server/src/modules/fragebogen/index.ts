// What other modules may call: the patient look-up the anamnesis shares (404 for non-patients, name for PDFs), and
// the FHIR Questionnaire mapping of the definitions with their reader (the patient's FHIR export, module auskunft).
export { patientOderNichtGefunden } from './patient-lookup.ts';
export { type PdfPatient } from './befund-pdf.ts';
export { fragebogenAlsQuestionnaire, fragebogenQuestionnaireUrl } from './fragebogen-fhir.ts';
export { definitionenMitIds } from './definition.service.ts';
