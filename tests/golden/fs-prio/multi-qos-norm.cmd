fs-prio --conf golden/fs-prio-cluster.conf --jobs-file golden/fs-prio-jobs-multi-qos.tsv -Q high=100,low=10 --tree golden/fs-prio-tree.tsv --now 2026-11-20T08:00:00Z -n
