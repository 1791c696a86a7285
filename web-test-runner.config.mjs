import { chromeLauncher } from '@web/test-runner-chrome';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/dev-middleware.mjs';
import { sharedConfig, startExchangeLog } from './scripts/test-server.mjs';

// The whole suite, in Chromium. Firefox and WebKit run a part of it after this one
// (web-test-runner.engines.config.mjs, CONTRIBUTING.md, "Test engines").
startExchangeLog();

export default {
  ...sharedConfig,
  files: ['test/**/*.test.ts'],
  // `npm run fuzz` runs the hostile-answers test for as long as its many cases take.
  testsFinishTimeout: process.env.FUZZ_RUNS ? 24 * 3600 * 1000 : 240000,
  browsers: [
    chromeLauncher({
      launchOptions: {
        executablePath: CHROMIUM_PATH,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
};
