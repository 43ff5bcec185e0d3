awk -F'\t' -v OFS='\t' '$2 == "alice" && $1 == "chem" { $6 = $6 * 10 + 1000 } { print }' slurm/fixtures/fairtree/live.tsv | fs-rank -P -U
