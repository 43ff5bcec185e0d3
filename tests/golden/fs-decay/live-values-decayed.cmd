fs-decay --elapsed 1h slurm/fixtures/tiny/live.tsv | fs-rank -l -P -U
