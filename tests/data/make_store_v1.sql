-- Makes tests/data/store_v1.sqlite: a design store as the first release (store
-- schema v1) wrote it. tst_design_store migrates a copy to the current schema
-- and reads it back. Regenerate with:
--   rm -f tests/data/store_v1.sqlite && sqlite3 tests/data/store_v1.sqlite < tests/data/make_store_v1.sql
-- The two CREATE TABLE statements are those of migration step 0 -> 1 in
-- models/store/store_schema.cpp; keep them identical.
PRAGMA foreign_keys = ON;
BEGIN;
CREATE TABLE designs ( id INTEGER PRIMARY KEY, name TEXT NOT NULL, created TEXT NOT NULL, modified TEXT NOT NULL);
CREATE TABLE variants ( id INTEGER PRIMARY KEY, design_id INTEGER NOT NULL REFERENCES designs(id) ON DELETE CASCADE, parent_variant_id INTEGER REFERENCES variants(id) ON DELETE SET NULL, name TEXT NOT NULL, note TEXT NOT NULL DEFAULT '', created TEXT NOT NULL, document TEXT NOT NULL, gpus INTEGER, mfu REAL, tokens_per_s REAL, step_time_s REAL, total_cost_usd REAL);

INSERT INTO designs (id, name, created, modified) VALUES
  (1, 'Scrappy lab box', '2026-01-05T09:00:00.000Z', '2026-01-06T10:30:00.000Z'),
  (2, 'Empty headline', '2026-01-07T12:00:00.000Z', '2026-01-07T12:00:00.000Z');

-- Design 1: a tree original -> "two boxes" -> "two boxes, fp8".
INSERT INTO variants (id, design_id, parent_variant_id, name, note, created, document,
                      gpus, mfu, tokens_per_s, step_time_s, total_cost_usd) VALUES
  (1, 1, NULL, 'original', 'one DGX H100', '2026-01-05T09:00:00.000Z',
   '{"format":"clusterforge-design","version":1,"name":"Scrappy lab box","description":"v1 fixture","parts":[{"id":"n1","kind":"node","catalogId":"dgx-h100","name":"DGX H100","x":0,"y":0,"count":1}],"links":[],"workload":{"model":{"preset":"llama3-8b","layers":32,"hidden":4096,"heads":32,"kvHeads":8,"ffn":14336,"gatedFfn":true,"vocab":128256,"tiedEmbeddings":false,"experts":1,"expertsPerToken":1},"seqLen":8192,"tokensToTrain":1e11,"globalBatchSeqs":64,"precision":"bf16","asyncCheckpoint":true},"parallelism":{"tp":1,"pp":1,"vp":1,"dp":8,"cp":1,"ep":1,"microbatch":1,"sequenceParallel":false,"sharding":"zero1","recompute":"selective"},"economics":{"electricityUsdPerKwh":0.08,"pue":1.3,"ownershipYears":4,"rentUsdPerGpuHour":2.5,"gpusPerOpsEngineer":32,"opsEngineerUsdPerYear":200000,"maintenanceFractionPerYear":0.1}}',
   8, 0.41, 70000.5, 7.5, 1250000),
  (2, 1, 1, 'two boxes', 'double the nodes', '2026-01-06T10:00:00.000Z',
   '{"format":"clusterforge-design","version":1,"name":"Scrappy lab box","description":"v1 fixture","parts":[{"id":"n1","kind":"node","catalogId":"dgx-h100","name":"DGX H100","x":0,"y":0,"count":2}],"links":[],"workload":{"model":{"preset":"llama3-8b","layers":32,"hidden":4096,"heads":32,"kvHeads":8,"ffn":14336,"gatedFfn":true,"vocab":128256,"tiedEmbeddings":false,"experts":1,"expertsPerToken":1},"seqLen":8192,"tokensToTrain":1e11,"globalBatchSeqs":64,"precision":"bf16","asyncCheckpoint":true},"parallelism":{"tp":1,"pp":1,"vp":1,"dp":16,"cp":1,"ep":1,"microbatch":1,"sequenceParallel":false,"sharding":"zero1","recompute":"selective"},"economics":{"electricityUsdPerKwh":0.08,"pue":1.3,"ownershipYears":4,"rentUsdPerGpuHour":2.5,"gpusPerOpsEngineer":32,"opsEngineerUsdPerYear":200000,"maintenanceFractionPerYear":0.1}}',
   16, 0.39, 133000.25, 3.9, 2400000),
  (3, 1, 2, 'two boxes, fp8', 'FP8 training', '2026-01-06T10:30:00.000Z',
   '{"format":"clusterforge-design","version":1,"name":"Scrappy lab box","description":"v1 fixture","parts":[{"id":"n1","kind":"node","catalogId":"dgx-h100","name":"DGX H100","x":0,"y":0,"count":2}],"links":[],"workload":{"model":{"preset":"llama3-8b","layers":32,"hidden":4096,"heads":32,"kvHeads":8,"ffn":14336,"gatedFfn":true,"vocab":128256,"tiedEmbeddings":false,"experts":1,"expertsPerToken":1},"seqLen":8192,"tokensToTrain":1e11,"globalBatchSeqs":64,"precision":"fp8","asyncCheckpoint":true},"parallelism":{"tp":1,"pp":1,"vp":1,"dp":16,"cp":1,"ep":1,"microbatch":1,"sequenceParallel":false,"sharding":"zero1","recompute":"selective"},"economics":{"electricityUsdPerKwh":0.08,"pue":1.3,"ownershipYears":4,"rentUsdPerGpuHour":2.5,"gpusPerOpsEngineer":32,"opsEngineerUsdPerYear":200000,"maintenanceFractionPerYear":0.1}}',
   16, 0.33, 190000, 2.75, 2400000),
  (4, 2, NULL, 'original', '', '2026-01-07T12:00:00.000Z',
   '{"format":"clusterforge-design","version":1,"name":"Empty headline","description":"","parts":[],"links":[],"workload":{"model":{"preset":"llama3-8b","layers":32,"hidden":4096,"heads":32,"kvHeads":8,"ffn":14336,"gatedFfn":true,"vocab":128256,"tiedEmbeddings":false,"experts":1,"expertsPerToken":1},"seqLen":8192,"tokensToTrain":1e11,"globalBatchSeqs":64,"precision":"bf16","asyncCheckpoint":true},"parallelism":{"tp":1,"pp":1,"vp":1,"dp":0,"cp":1,"ep":1,"microbatch":1,"sequenceParallel":true,"sharding":"ddp","recompute":"none"},"economics":{"electricityUsdPerKwh":0.08,"pue":1.3,"ownershipYears":4,"rentUsdPerGpuHour":2.5,"gpusPerOpsEngineer":32,"opsEngineerUsdPerYear":200000,"maintenanceFractionPerYear":0.1}}',
   NULL, NULL, NULL, NULL, NULL);

PRAGMA user_version = 1;
COMMIT;
