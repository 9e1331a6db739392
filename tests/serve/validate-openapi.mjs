// Validates an OpenAPI document with @readme/openapi-parser (the schema of OpenAPI 3.1 and its
// rules, every $ref resolved): --serve's GET /openapi.json in ServeE2ETest.cpp (docs/serve.md).
//   node validate-openapi.mjs DOCUMENT.json     exit 0 and "valid OpenAPI 3.1.x", or 1 and why
import { readFileSync } from 'node:fs';
import { validate, compileErrors } from '@readme/openapi-parser';

const file = process.argv[2];
const document = JSON.parse(readFileSync(file, 'utf8'));
const result = await validate(document);
if (!result.valid) {
  console.log('not valid:\n' + compileErrors(result));
  process.exit(1);
}
for (const w of result.warnings) console.log('warning: ' + JSON.stringify(w));
console.log('valid ' + result.specification + ' ' + document.openapi);
