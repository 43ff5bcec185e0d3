fs-prio --conf golden/fs-prio-cluster.conf --jobs golden/fs-prio-jobs.tsv -Q high=100 --user alice --cpus 8 --time 2:00:00 --json | grep -E '"(id|priority|place|decides|ahead_of_new)"' | tr -s ' '
