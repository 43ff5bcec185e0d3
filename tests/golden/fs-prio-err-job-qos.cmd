fs-prio --conf golden/fs-prio-cluster.conf --jobs golden/fs-prio-jobs.tsv
