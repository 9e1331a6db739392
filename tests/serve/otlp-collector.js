// A test OTLP/HTTP collector for --otlp-endpoint (docs/observability.md): it decodes what arrives
// with OpenTelemetry's own protobuf definitions (the protobufjs code @opentelemetry/otlp-transformer
// generates from opentelemetry-proto) and writes each span as one JSON line to a file:
// {trace_id, span_id, parent_span_id, name, kind, start, end, attributes: {key: value}, status:
// {code, message}, resource: {…}, scope}.
//
//   node otlp-collector.js SPANS.jsonl      prints "listening on PORT" once it accepts requests
//
// POST /v1/traces with Content-Type application/x-protobuf gets 200 and an empty
// ExportTraceServiceResponse; a body that does not decode gets 400; anything else 404.
'use strict';
const fs = require('fs');
const http = require('http');
const root = require('@opentelemetry/otlp-transformer/build/src/generated/root');

const { ExportTraceServiceRequest, ExportTraceServiceResponse } = root.opentelemetry.proto.collector.trace.v1;
const out = process.argv[2];
if (!out) {
  console.error('usage: node otlp-collector.js SPANS.jsonl');
  process.exit(2);
}
fs.writeFileSync(out, '');

const hex = bytes => Buffer.from(bytes || []).toString('hex');
function value(v) {
  if (v.stringValue !== undefined && v.stringValue !== null && v.value === 'stringValue') return v.stringValue;
  switch (v.value) {
    case 'boolValue': return v.boolValue;
    case 'intValue': return Number(v.intValue);
    case 'doubleValue': return v.doubleValue;
    case 'arrayValue': return (v.arrayValue.values || []).map(value);
    case 'bytesValue': return hex(v.bytesValue);
    case 'kvlistValue': return attributes(v.kvlistValue.values);
    default: return v.stringValue;
  }
}
function attributes(list) {
  const o = {};
  for (const kv of list || []) o[kv.key] = value(kv.value || {});
  return o;
}

http.createServer((req, res) => {
  const chunks = [];
  req.on('data', c => chunks.push(c));
  req.on('end', () => {
    if (req.method !== 'POST' || req.url !== '/v1/traces') {
      res.writeHead(404).end();
      return;
    }
    let request;
    try {
      request = ExportTraceServiceRequest.decode(Buffer.concat(chunks));
    } catch (e) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('cannot decode: ' + e.message);
      return;
    }
    const lines = [];
    for (const rs of request.resourceSpans || []) {
      const resource = attributes(rs.resource && rs.resource.attributes);
      for (const ss of rs.scopeSpans || []) {
        for (const s of ss.spans || []) {
          lines.push(JSON.stringify({
            trace_id: hex(s.traceId), span_id: hex(s.spanId), parent_span_id: hex(s.parentSpanId),
            name: s.name, kind: s.kind, start: String(s.startTimeUnixNano), end: String(s.endTimeUnixNano),
            attributes: attributes(s.attributes), status: { code: s.status ? s.status.code || 0 : 0,
              message: s.status ? s.status.message || '' : '' },
            resource, scope: ss.scope ? { name: ss.scope.name, version: ss.scope.version } : null,
            content_type: req.headers['content-type'], authorization: req.headers['authorization'] || null,
          }));
        }
      }
    }
    fs.appendFileSync(out, lines.map(l => l + '\n').join(''));
    const body = ExportTraceServiceResponse.encode(ExportTraceServiceResponse.create({})).finish();
    res.writeHead(200, { 'Content-Type': 'application/x-protobuf' }).end(Buffer.from(body));
  });
}).listen(0, '127.0.0.1', function () {
  console.log('listening on ' + this.address().port);
});
process.stdin.on('end', () => process.exit(0));  // the test closed our stdin: it is done
process.stdin.resume();
