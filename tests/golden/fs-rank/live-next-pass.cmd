fs-rank --next-pass -l -P slurm/fixtures/tiny/live.tsv
