fs-prio -t - --conf golden/fs-prio-cluster.conf --jobs golden/fs-prio-jobs.tsv -Q high=100 -l < golden/fs-prio-tree.tsv
