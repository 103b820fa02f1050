/**
 * The unit project's setup (vitest.config.ts): Testing Library's waitFor and findBy* wait up to 5 s
 * for their condition instead of 1 s. They return as soon as it holds, so a passing test is not
 * slower; a loaded machine (CI beside other work) no longer fails a test whose page took a little
 * longer to update.
 */
import { configure } from '@testing-library/dom';

configure({ asyncUtilTimeout: 5_000 });
