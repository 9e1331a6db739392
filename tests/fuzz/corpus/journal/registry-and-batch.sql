INSERT INTO runs VALUES (1, 'run-1', 'fuzz-pack', '1.0.0', 'program-1', '{}', '0.9.0', '{"line":0}', 'running', 1764150000000, NULL, NULL, NULL, NULL, NULL, 'host:999999');
INSERT INTO registry_runs VALUES ('run-1', 'w', 's', 'ada', 'seq-1', 0);
INSERT INTO sequence_runs VALUES ('seq-1', 'release', 's', 'ada', '{"tag":"v1"}', '{"lint":{"ok":true}}', 1, 'suspended',
  '{"state":"approve","visit":1,"events":["go"]}', 'null', NULL, NULL, 1764150000000, NULL, 'host:1');
INSERT INTO batches VALUES ('batch-1', 'fuzz-pack', '1.0.0', 'program-1', '{"t":"unbound"}', '0.9.0', '/tmp/in.jsonl',
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 3, 0, 1, 'running', 1764150000000, NULL, 'host:2');
INSERT INTO batch_lines VALUES ('batch-1', 0, 'run-1', 'succeeded', '{"line":0,"status":"succeeded","output":{}}', 1764150000001);
INSERT INTO batch_lines VALUES ('batch-1', 1, NULL, 'failed', '{"line":1,"status":"failed","error":{"code":2,"message":"x"}}', 1764150000002);
INSERT INTO batch_lines VALUES ('batch-1', 2, 'run-3', 'running', NULL, NULL);
INSERT INTO wfc_journal VALUES ('pack', 'fuzz-pack');
