fs-prio --new --tree - --conf golden/fs-prio-cluster.conf --jobs-file golden/fs-prio-jobs.tsv -Q high=100 --user alice --partition gpu
