fs-rank slurm/fixtures/unranked/live.tsv | awk -F '\t' '!/^#/ { print $1, $2, $NF }' && fs-rank slurm/fixtures/unranked/live.tsv | fs-report --prometheus | grep -E '^fairshare_user_rank'
