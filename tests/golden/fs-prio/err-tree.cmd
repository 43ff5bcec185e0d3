fs-prio --tree - --conf golden/fs-prio-cluster.conf --jobs-file golden/fs-prio-jobs.tsv -Q high=100
