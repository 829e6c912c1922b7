import { ISOLATED_TESTS, webTestProject } from './vitest.shared.ts';

export default webTestProject('web-isolated', true, { include: ISOLATED_TESTS });
