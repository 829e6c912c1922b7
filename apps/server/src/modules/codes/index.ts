export { oneTimeCodes, CODE_PURPOSES, type CodePurpose } from './codes.table.ts';
export { issueCode, consumeCode, CODE_TTL_HOURS, type ConsumedCode } from './codes.service.ts';
