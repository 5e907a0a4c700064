// Validates SARIF logs against the SARIF 2.1.0 JSON schema that
// @microsoft/jest-sarif ships (sarif-2.1.0-rtm.5.json, a draft-04 schema),
// with ajv. Prints "valid: FILE" per log, or every error and exits 1.
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv');

const schemaPath = path.join(
  path.dirname(require.resolve('@microsoft/jest-sarif/package.json')),
  'lib', 'schemas', 'sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
const ajv = new Ajv({ schemaId: 'id', allErrors: true, logger: false });
ajv.addMetaSchema(require('ajv/lib/refs/json-schema-draft-04.json'));
const validate = ajv.compile(schema);

let failed = false;
for (const file of process.argv.slice(2)) {
  const log = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (validate(log)) {
    console.log(`valid: ${path.basename(file)}`);
    continue;
  }
  failed = true;
  for (const error of validate.errors)
    console.log(`${path.basename(file)}: ${error.dataPath} ${error.message}`);
}
process.exit(failed ? 1 : 0);
