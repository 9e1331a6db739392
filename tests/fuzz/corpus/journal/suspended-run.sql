INSERT INTO runs VALUES (1, 'run-1', 'fuzz-pack', '1.0.0', 'program-1', '{"lint":"exec:1a2b"}', '0.9.0', '{"text":"hi"}',
  'suspended', 1764150000000, 1764150001000, NULL, 4, NULL, '{"state":"review","visit":1,"events":["approve","reject"]}', 'host:123');
INSERT INTO steps VALUES (1, 'main/lint', 'ok', '{"ok":true}', NULL, 1, 'cache-1', 'call-1', 'lint', '{"path":"a"}', 1764150000500);
INSERT INTO failed_attempts VALUES (1, 'main/lint', 1, 'tool', 'exit 1', 1764150000400);
INSERT INTO exchanges VALUES (1, 'main/draft#0#0', 'draft', NULL, 0, 1, '[{"role":"user","content":"hi"}]', '{"content":"hello"}', 1764150000600);
INSERT INTO tool_calls VALUES (1, 'call-2', 'draft', 'search', '{"q":"x"}', 'failed', NULL, 'tool', 'timed out', 1764150000700);
INSERT INTO visits VALUES (1, 'review#1', 'review', 1, '{"draft":"text"}', 'approve', '{"by":"ada"}', '{"context":{},"artifacts":{}}', 1764150000800);
INSERT INTO run_timelines VALUES (1, 0, '{"t":0,"kind":"step","step":"lint"}');
INSERT INTO runs VALUES (2, 'run-2', 'fuzz-pack', '1.0.0', 'program-1', '{}', '0.9.0', '{}', 'succeeded', 1764150002000, 1764150003000,
  '{"answer":42}', 0, NULL, NULL, NULL);
