fs-rank slurm/fixtures/tiny/live.tsv | fs-rank -l -P && fs-rank --next-pass slurm/fixtures/tiny/live.tsv | grep -x "#values=next-pass"
