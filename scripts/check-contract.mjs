// `node scripts/check-contract.mjs`: the last step of `npm test`, over the whole browser run.
//
// The fake service checks every request and every answer of its own against the link API
// description as it goes (test/fake-service/link-api.mjs); this validates nothing again. It reads the fake's
// verdicts, which the test runner writes to .contract/exchanges.jsonl, and fails the run for
// what no single answer can fail a test for:
// - a request the description refuses that no test marked as malformed on purpose: the fake
//   answers it 422, as the service would, and a test that expects an error screen anyway (or
//   never looks) passes;
// - an answer of the fake's that broke the description: it went out as a 500 instead, which a
//   test of an error screen may equally take;
// - a request marked `x-fake-expect: invalid` that the description allows, or that was not
//   answered 422 (the mark, or the check, is stale);
// - a run in which one of the widget's five calls never got a 200 that keeps the description.
// The verdicts hold field names, places and statuses, never values.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Where the verdicts go, one JSON object a line; cleared when web-test-runner starts. */
export const EXCHANGE_LOG = fileURLToPath(new URL('../.contract/exchanges.jsonl', import.meta.url));

/** The five calls the widget makes (list providers, OAuth URL, password sign-in, MFA, email invite), by the description's operationId. */
const WIDGET_OPERATIONS = {
  get_providers_v2_link_providers_get: 'list providers',
  generate_oauth_link: 'OAuth URL',
  connect_password_provider_v2_link_provider_password__provider__post: 'password sign-in',
  complete_password_provider_mfa_v2_link_provider_password__provider__complete_mfa_post: 'complete MFA',
  connect_email_auth_provider_v2_link_provider_email__provider__post: 'email invite',
};

const place = ({ loc, type }) => `${loc.join('.')} ${type}`;

/** Checks the verdicts of one run; returns the failures and the counts. */
export function checkExchanges(exchanges, { minimum = 1 } = {}) {
  const failures = [];
  const checked = Object.fromEntries(Object.keys(WIDGET_OPERATIONS).map((id) => [id, 0]));
  let markedInvalid = 0;
  let answersNotChecked = 0;
  exchanges.forEach((exchange, index) => {
    const label = `#${index + 1} ${exchange.method} ${exchange.path}${exchange.query.length ? `?${exchange.query.join('&')}` : ''} (scenario ${exchange.scenario ?? 'none'}, answer ${exchange.status})`;
    const fail = (line) => failures.push(`${label}: ${line}`);
    if (exchange.markedInvalid) {
      markedInvalid += 1;
      if (exchange.requestFaults.length === 0) fail('marked x-fake-expect: invalid, but the description allows the request');
      if (exchange.status !== 422) fail(`marked x-fake-expect: invalid, but answered ${exchange.status}, not 422`);
    } else if (exchange.operation === null) {
      fail('no operation in the description has this path and method');
    } else if (exchange.requestFaults.length) {
      fail(`the description refuses the request: ${exchange.requestFaults.map(place).join(', ')}`);
    }
    exchange.answerProblems.forEach(fail);
    if (!exchange.answerChecked) answersNotChecked += 1;
    const clean = !exchange.markedInvalid && exchange.requestFaults.length === 0 && exchange.answerChecked && exchange.answerProblems.length === 0;
    if (clean && exchange.status === 200 && exchange.operation in checked) checked[exchange.operation] += 1;
  });
  for (const [id, count] of Object.entries(checked)) {
    if (count < minimum) failures.push(`only ${count} checked 200 exchange(s) of "${WIDGET_OPERATIONS[id]}" (${id}); the suite must make at least ${minimum}`);
  }
  return { failures, checked, markedInvalid, answersNotChecked };
}

function main() {
  if (!existsSync(EXCHANGE_LOG)) {
    console.error(`contract: ${EXCHANGE_LOG} is missing: run web-test-runner first (npm test does).`);
    process.exit(1);
  }
  const exchanges = readFileSync(EXCHANGE_LOG, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
  const result = checkExchanges(exchanges);
  const counts = Object.entries(result.checked)
    .map(([id, count]) => `${WIDGET_OPERATIONS[id]} ${count}`)
    .join(', ');
  const summary =
    `${exchanges.length} exchanges (${result.markedInvalid} malformed on purpose, ` +
    `${result.answersNotChecked} answers off the description by design or on no documented operation). Checked 200s: ${counts}.`;
  if (result.failures.length) {
    console.error(`contract: ${result.failures.length} mismatch(es) with the link API description:\n  ${result.failures.join('\n  ')}\n${summary}`);
    process.exit(1);
  }
  console.log(`contract: all ${summary}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
