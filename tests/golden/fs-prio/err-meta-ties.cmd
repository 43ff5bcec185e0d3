sed '3a #ties=bogus' golden/fs-prio-tree.tsv | fs-prio --tree - --conf golden/fs-prio-cluster.conf --jobs-file golden/fs-prio-jobs.tsv -Q high=100
