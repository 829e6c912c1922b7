// What other modules may call: the patient look-up the anamnesis shares (404 for non-patients, name for PDFs).
export { patientOderNichtGefunden } from './patient-lookup.ts';
export { type PdfPatient } from './befund-pdf.ts';
