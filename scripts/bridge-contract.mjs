// Server command for the tests: `executeServerCommand('check-bridge-messages', messages)` checks
// messages a host received from the widget against docs/host-bridge.schema.json, the written
// contract, with Ajv (a maintained JSON Schema 2020-12 validator), and answers with the problems
// found: an empty list when every message keeps the contract. Strings are parsed as JSON first,
// as the React Native and Android hosts receive them.
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

export const BRIDGE_SCHEMA_FILE = new URL('../docs/host-bridge.schema.json', import.meta.url);

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(readFileSync(BRIDGE_SCHEMA_FILE, 'utf8')));

/** The contract's problems with each message, as readable lines. */
export function bridgeMessageProblems(messages) {
  return messages.flatMap((raw, index) => {
    let message = raw;
    if (typeof raw === 'string') {
      try {
        message = JSON.parse(raw);
      } catch {
        return [`message ${index}: not JSON: ${raw.slice(0, 80)}`];
      }
    }
    if (validate(message)) return [];
    return validate.errors.map((error) => `message ${index} (${message?.type}): ${error.instancePath || '/'} ${error.message} ${JSON.stringify(error.params)}`);
  });
}

export const bridgeContract = {
  name: 'bridge-contract',
  executeCommand({ command, payload }) {
    if (command !== 'check-bridge-messages') return undefined;
    return bridgeMessageProblems(payload);
  },
};
