fs-prio -t - --conf golden/fs-prio-cluster.conf --jobs golden/fs-prio-jobs.tsv -Q high=100 --user alice --cpus 8 --time 2:00:00 --tsv | cut -f1,13,14
