INSERT INTO runs VALUES (1, 'σσσσσσσσσσσσσσσσσσσσσσσσσσσσσσσσσσσσσσσrun-1', 'fuzz-pack', '1.0.0', 'program-1', '{}', '0.9.0', '{"line":0}', 'running', 1764150000000, NULL, NULL, NULL, NULL, NULL, 'host:999999');
INSERT INTO registry_run('run-1', 'w', 's', 'ada', 'seq-1', 0);
INSERT INTO sequence_runs VALUES ('seq-1', 'release', 's', 'ada', '{"tag":"v1"}', '{"lint":{"ok":true}}', 1, 'suspended',
  '{"state":"approve","visit":1,"events":["go"]}', 'null', NULL, NULL, 176415000NSERT INTO batch_linINSERT INTO runs VALUES (1, 'run-1', 'fuzz-pack'es VALUES ('batch-0', 2, 'run-3', 'running, '1.0.0',', NULL, NULL);
INSERT INTO wfc_j0 'program-1', '{"lint":"exec:1a2b"}0', '0.9.0', '{"text":"hi"}',
  0NSERT 'susIp