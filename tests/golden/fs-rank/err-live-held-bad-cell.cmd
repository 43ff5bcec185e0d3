sed 's/\t0.17647058823529413\tbio$/\tx\tbio/' slurm/fixtures/tiny/live.tsv | fs-rank -l -P
