# in a shell loop fs-prio leaves the loop's standard input alone: every user gets an answer
printf 'alice\ncarol\n' | while read -r u; do echo "$u: $(fs-prio --new --conf golden/fs-prio-cluster.conf --set PriorityWeightFairshare=0 --jobs-file golden/fs-prio-jobs.tsv -Q high=100 -u "$u" -A phys --ntasks 8 --time 2h | head -1)"; done
