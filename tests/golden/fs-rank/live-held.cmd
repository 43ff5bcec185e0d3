fs-rank -l -P slurm/fixtures/tiny/live.tsv
