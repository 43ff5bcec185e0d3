# a slurm.conf whose path holds a line break: fs-prio's TSV leaves #source out rather than break its prologue
d=$(mktemp -d) && cp examples/cluster.conf "$d/a
b.conf" && fs-prio --conf "$d/a
b.conf" --jobs-file examples/jobs.tsv --tree examples/tree.tsv -Q high=100 --tsv | grep -c '^b\.conf'; rm -rf "$d"
